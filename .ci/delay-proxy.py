#!/usr/bin/env python3
"""A TCP proxy on loopback that holds every chunk DELAY_MS milliseconds in each direction, to put a
server "further away" where tc netem is not available. Order is kept: each direction has one
writer that sends chunks in the order they were read, each no earlier than its due time.

Usage: delay-proxy.py LISTEN_PORT TARGET_PORT DELAY_MS
(asyncio's timers round up to the millisecond: a 0.5 ms delay holds a chunk up to about 1 ms;
bench-redis.sh prints the round trip measured through the proxy.)"""
import asyncio, sys

LISTEN, TARGET, DELAY = int(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3]) / 1000.0


async def pipe(reader, writer):
    loop = asyncio.get_running_loop()
    queue = asyncio.Queue()

    async def send():
        while True:
            due, data = await queue.get()
            if data is None:
                break
            wait = due - loop.time()
            if wait > 0:
                await asyncio.sleep(wait)
            writer.write(data)
            await writer.drain()
        writer.close()

    sender = asyncio.create_task(send())
    try:
        while data := await reader.read(65536):
            if DELAY == 0 and queue.empty():
                writer.write(data)
            else:
                queue.put_nowait((loop.time() + DELAY, data))
    except ConnectionError:
        pass
    queue.put_nowait((0, None))
    await sender


async def serve(client_reader, client_writer):
    try:
        upstream_reader, upstream_writer = await asyncio.open_connection("127.0.0.1", TARGET)
    except OSError:
        client_writer.close()
        return
    await asyncio.gather(pipe(client_reader, upstream_writer), pipe(upstream_reader, client_writer),
                         return_exceptions=True)


async def main():
    server = await asyncio.start_server(serve, "127.0.0.1", LISTEN)
    async with server:
        await server.serve_forever()


asyncio.run(main())
