"""The one async-from-sync bridge: synchronous code (views, tasks, commands) runs a coroutine to completion here.

A leaf: it imports nothing of ours. Callers that cache loop-bound clients pass their cleanup coroutine.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any, TypeVar

T = TypeVar("T")


def run_sync(coroutine: Coroutine[Any, Any, T], *, cleanup: Callable[[], Awaitable[None]] | None = None) -> T:
    """Run ``coroutine`` on a fresh event loop and return its result (its exception propagates).

    ``cleanup`` runs on the same loop afterwards, even on failure (model and HTTP clients belong to the loop
    that made them). From a thread that already runs an event loop (Playwright's, in browser tests; an async
    caller), the coroutine gets its own loop in a helper thread, so this never nests loops.
    """

    async def main() -> T:
        try:
            return await coroutine
        finally:
            if cleanup is not None:
                await cleanup()

    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(main())
    with concurrent.futures.ThreadPoolExecutor(max_workers=1, thread_name_prefix="trustgate-bridge") as pool:
        return pool.submit(asyncio.run, main()).result()
