"""Results of a run: the responses asked, their scoring into records and summaries, and merging shards."""
