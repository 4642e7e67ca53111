"""A small engine for the tests, in plain Python (no huegames): it plays a
random legal move, or breaks the protocol the way its first argument says.

    python toy_engine.py good|slow|crash|hang|garbage|flood|wrong-id|illegal|mute [PIDFILE]

slow: takes 50 ms a move; crash: exits at its first go; hang: never answers go (and ignores Ctrl-C,
so that only huegames can end it); garbage: answers go
with text that is not JSON; flood: answers go with
two megabytes and no newline; wrong-id: answers another id; illegal: plays a
move that is not legal; mute: never answers hello.  With PIDFILE it appends
its process id there, so a test can see that no engine outlives its run.
"""

import json
import os
import random
import signal
import sys
import time

mode = sys.argv[1]
if len(sys.argv) > 2:
    with open(sys.argv[2], "a") as pids:
        pids.write(f"{os.getpid()}\n")
if mode == "hang":
    signal.signal(signal.SIGINT, signal.SIG_IGN)
rng = random.Random(0)


def send(message):
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


for line in sys.stdin:
    message = json.loads(line)
    kind = message.get("type")
    if kind == "hello":
        if mode == "mute":
            time.sleep(3600)
        send({"type": "ready", "name": f"toy-{mode}", "version": "1.0"})
    elif kind == "new_game":
        rng = random.Random(message["seed"])
    elif kind == "go":
        print(f"go {message['id']} in mode {mode}", file=sys.stderr, flush=True)
        if mode == "crash":
            sys.exit(3)
        if mode == "hang":
            time.sleep(3600)
        if mode == "slow":
            time.sleep(0.05)
        if mode == "flood":
            sys.stdout.write("x" * (2 << 20))
            sys.stdout.flush()
            time.sleep(3600)
        if mode == "garbage":
            sys.stdout.write("bestmove e2e4\n")
            sys.stdout.flush()
            continue
        move = "no such move" if mode == "illegal" else rng.choice(message["legal"])
        number = message["id"] + 1 if mode == "wrong-id" else message["id"]
        send({"type": "move", "id": number, "move": move})
    elif kind == "quit":
        break
