"""Reports over run folders: JSON, Markdown tables shaped like the paper's, HTML with plots."""
