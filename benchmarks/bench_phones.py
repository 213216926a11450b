"""Eight phones through a 2,000-action evening, on loopback: how long until every phone knows.

    .venv/bin/python benchmarks/bench_phones.py [--actions 2000] [--phones 8]

The session lives on one thread (as in the app, where it is the window's), the server on its
own; eight WebSocket clients connect as eight seats. For each action applied at the table,
the time from the action to the moment every phone has received its new view is measured.
The floor is the same server sending a view of the same size to the same eight sockets with
no session behind it, measured in the same run. Prints medians and 95th percentiles, and the
process's peak memory.
"""

from __future__ import annotations

import argparse
import asyncio
import concurrent.futures
import json
import resource
import statistics
import sys
import time
from pathlib import Path

import aiohttp

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from adventure_table_rig import cast_session, take_seat

from cardtable.cards import CardId
from cardtable.phones.host import PhoneHost
from cardtable.phones.server import PhoneServer
from cardtable.piles import PileId
from cardtable.session import AddPlayer, Move, Player, PlayerId, Shuffle


def _p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20)[-1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=2000)
    parser.add_argument("--phones", type=int, default=8)
    args = parser.parse_args()

    owner = concurrent.futures.ThreadPoolExecutor(max_workers=1, thread_name_prefix="table")
    session = owner.submit(cast_session).result()

    def seat_everyone() -> list[PlayerId]:
        taken = [p.id for p in session.players]
        while len(session.players) < args.phones:
            player = Player.named(f"Guest {len(session.players)}", taken=taken)
            session.apply(AddPlayer(player))
            taken.append(player.id)
        take_seat(session, "dana")
        return [p.id for p in session.players][: args.phones]

    players = owner.submit(seat_everyone).result()
    host = PhoneHost(lambda: session)
    server = PhoneServer(host, owner.submit, port=0)
    server.start()
    owner.submit(lambda: session.subscribe(host.on_changes)).result()
    urls = [server.url(p).replace("/p/", "/ws/") for p in players]
    origin = f"http://127.0.0.1:{server.port}"
    draw, discard = PileId("shoe/draw"), PileId("shoe/discard")

    def one_action(i: int) -> None:
        table = session.table
        if i % 3 == 2:
            session.apply(Shuffle(draw))
        else:
            pile = draw if i % 3 == 0 else discard
            other = discard if pile == draw else draw
            card: CardId = table.pile(pile).cards[-1]
            session.apply(Move((card,), other, face_up=other == discard))

    async def run() -> tuple[list[float], list[float]]:
        async with aiohttp.ClientSession() as client:
            sockets = [await client.ws_connect(u, origin=origin) for u in urls]
            for ws in sockets:
                await ws.receive()
            latencies = []
            for i in range(args.actions):
                start = time.perf_counter()
                await asyncio.wrap_future(owner.submit(one_action, i))
                await asyncio.gather(*(ws.receive() for ws in sockets))
                latencies.append((time.perf_counter() - start) * 1000)
            size = len(json.dumps(owner.submit(host.view, players[0]).result()))
            payload = {"type": "view", "pad": "x" * size}
            floor = []
            for _ in range(min(args.actions, 500)):
                start = time.perf_counter()
                for player in players:
                    server.publish(player, payload)
                await asyncio.gather(*(ws.receive() for ws in sockets))
                floor.append((time.perf_counter() - start) * 1000)
            for ws in sockets:
                await ws.close()
            return latencies, floor

    latencies, floor = asyncio.run(run())
    server.stop()
    owner.shutdown()
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    median, p95 = statistics.median(latencies), _p95(latencies)
    floor_median, floor_p95 = statistics.median(floor), _p95(floor)
    print(f"{args.phones} phones, {args.actions} actions on loopback")
    print(f"action to every phone: median {median:.2f} ms, p95 {p95:.2f} ms (goal: p95 <= 50 ms)")
    print(f"floor (same frames, no session): median {floor_median:.2f} ms, p95 {floor_p95:.2f} ms"
          f" -> {median / floor_median:.1f}x / {p95 / floor_p95:.1f}x the floor")
    print(f"peak memory of the process: {peak:.0f} MB")


if __name__ == "__main__":
    main()
