"""The endpoint limiter of the Ray executor (the class its actor runs; no Ray needed)."""

import asyncio

from eai_ray.executor import Limiter


def test_reclaiming_a_dead_units_slots_frees_them_and_its_late_grants():
    async def scenario():
        limiter = Limiter(2)
        await limiter.acquire("dead")
        await limiter.acquire("dead")
        late = asyncio.ensure_future(limiter.acquire("dead"))  # asked before its worker died, still queued
        other = asyncio.ensure_future(limiter.acquire("alive"))
        await asyncio.sleep(0)
        assert not late.done() and not other.done() and limiter.held() == 2
        assert await limiter.reclaim("dead") == 2
        await asyncio.gather(late, other)
        assert limiter.held() == 1  # the late grant went straight back: only "alive" holds a slot
        await limiter.release("dead")  # nothing left to release
        assert limiter.held() == 1
        await limiter.acquire("alive")
        third = asyncio.ensure_future(limiter.acquire("alive"))
        await asyncio.sleep(0)
        assert limiter.held() == 2 and not third.done()  # two slots, both taken
        await limiter.release("alive")
        await third
        assert limiter.held() == 2 and await limiter.reclaim("alive") == 2 and limiter.held() == 0

    asyncio.run(scenario())
