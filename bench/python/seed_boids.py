# The seed's minimal Boids, restored: the program of §5 "完整代码实现：Boids 最小可运行版本" of the Chinese tutorial in
# /work/shared/seeds/001_5b03cffe9fd590d3.txt (its file boids_demo/boids_basic.py), the baseline of the Python speed
# bench (bench/python/speed.py).
#
# What was restored: the seed holds the code with its punctuation and indentation stripped. Put back: `=`, `+=`,
# `-=`, `/=`, `==`, `<`, `>`, the quotes (the caption, "__main__"), the full-width colons of its comments, and the
# indentation. Where the stripped text allows two readings, the one the tutorial's prose describes was taken:
# `alignment_force = avg_velocity - self.velocity` sits inside `if avg_velocity.length() > 0:` as cohesion's
# `desired`/`cohesion_force` pair does; the three `self.velocity += force * WEIGHT` lines follow `if neighbors:`
# (inside it or after it is the same program: without neighbours the three forces stay zero).
#
# Kept as the seed has them: every rule, constant and the structure (constants, class Boid, main()), including what
# the seed declares and never reads (COHESION_RADIUS: its cohesion, like its alignment, averages the neighbours within
# ALIGNMENT_RADIUS; MAX_FORCE: no force is clamped), the separation loop over every boid (not only the neighbours),
# the boids updated in place one after another (each sees those before it already moved), and velocities in px a
# frame (MAX_SPEED 4.0 at 60 frames a second is 240 px/s). Left out: §6.2's mouse "scare points" snippet, not part
# of §5's program.
#
# Added, below the seed's program: headless running (SDL_VIDEODRIVER=dummy), main(frames=, headless=) that stops
# after N frames and can skip clock.tick, and step_headless() for the bench: N boids for S frames with given radii,
# drawing off unless asked for, timed. Run as the tutorial does:
#   /usr/bin/python3 bench/python/seed_boids.py                        # a window, 60 boids, 60 fps, until closed
#   /usr/bin/python3 bench/python/seed_boids.py --headless --frames 600  # dummy video driver, 600 frames, no limit
# Needs Pygame 2 (Debian's python3-pygame).

# 文件路径：boids_demo/boids_basic.py
import math
import os
import random
import time

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # added: no banner on import (the bench's output)

import pygame

# 画布与初始数量
WIDTH, HEIGHT = 900, 600
NUM_BOIDS = 60

# 邻居判定半径
SEPARATION_RADIUS = 25
ALIGNMENT_RADIUS = 50
COHESION_RADIUS = 50

# 三条规则的权重
SEPARATION_WEIGHT = 1.5
ALIGNMENT_WEIGHT = 1.0
COHESION_WEIGHT = 1.0

MAX_SPEED = 4.0
MAX_FORCE = 0.3


class Boid:
    def __init__(self):
        self.position = pygame.Vector2(
            random.uniform(50, WIDTH - 50),
            random.uniform(50, HEIGHT - 50),
        )
        angle = random.uniform(0, 2 * math.pi)
        self.velocity = pygame.Vector2(
            math.cos(angle) * MAX_SPEED,
            math.sin(angle) * MAX_SPEED,
        )

    def update(self, boids):
        separation_force = pygame.Vector2()
        alignment_force = pygame.Vector2()
        cohesion_force = pygame.Vector2()

        neighbors = [b for b in boids if b is not self and self.position.distance_to(b.position) < ALIGNMENT_RADIUS]

        if neighbors:
            # 规则一：分离
            for other in boids:
                distance = self.position.distance_to(other.position)
                if other is not self and distance < SEPARATION_RADIUS:
                    separation_force += (self.position - other.position) / max(distance, 1e-6)
            if separation_force.length() > 0:
                separation_force = separation_force.normalize() * MAX_SPEED - self.velocity

            # 规则二：对齐
            avg_velocity = pygame.Vector2()
            for b in neighbors:
                avg_velocity += b.velocity
            avg_velocity /= len(neighbors)
            if avg_velocity.length() > 0:
                avg_velocity = avg_velocity.normalize() * MAX_SPEED
                alignment_force = avg_velocity - self.velocity

            # 规则三：聚合
            avg_position = pygame.Vector2()
            for b in neighbors:
                avg_position += b.position
            avg_position /= len(neighbors)
            if (avg_position - self.position).length() > 0:
                desired = (avg_position - self.position).normalize() * MAX_SPEED
                cohesion_force = desired - self.velocity

        self.velocity += separation_force * SEPARATION_WEIGHT
        self.velocity += alignment_force * ALIGNMENT_WEIGHT
        self.velocity += cohesion_force * COHESION_WEIGHT

        if self.velocity.length() > MAX_SPEED:
            self.velocity.scale_to_length(MAX_SPEED)

        self.position += self.velocity
        self.wrap_around()

    def wrap_around(self):
        if self.position.x < 0:
            self.position.x += WIDTH
        elif self.position.x > WIDTH:
            self.position.x -= WIDTH
        if self.position.y < 0:
            self.position.y += HEIGHT
        elif self.position.y > HEIGHT:
            self.position.y -= HEIGHT

    def draw(self, screen):
        angle = math.degrees(math.atan2(self.velocity.y, self.velocity.x))
        points = [
            pygame.Vector2(6, 0),
            pygame.Vector2(-6, 4),
            pygame.Vector2(-4, 0),
            pygame.Vector2(-6, -4),
        ]
        rotated_points = []
        for point in points:
            rotated = point.rotate(angle)
            rotated_points.append((self.position.x + rotated.x, self.position.y + rotated.y))
        pygame.draw.polygon(screen, (220, 240, 255), rotated_points)


def main(frames=None, headless=False, tick=True):
    # added: headless (the dummy video driver), a frame limit, no clock.tick; main() alone is the seed's program
    if headless:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")  # no sound card: no ALSA complaints from pygame.init()
    pygame.init()
    screen = pygame.display.set_mode((WIDTH, HEIGHT))
    pygame.display.set_caption("Boids - 群鸟算法")
    clock = pygame.time.Clock()

    boids = [Boid() for _ in range(NUM_BOIDS)]
    running = True
    frame = 0  # added
    while running:
        for event in pygame.event.get():
            if event.type == pygame.QUIT:
                running = False

        screen.fill((20, 22, 30))
        for boid in boids:
            boid.update(boids)
            boid.draw(screen)

        pygame.display.flip()
        if tick:  # added
            clock.tick(60)
        frame += 1  # added
        if frames is not None and frame >= frames:  # added
            running = False

    pygame.quit()


# ---- added for the bench: the seed's boids, headless and timed ----


def step_headless(
    n,
    frames,
    separation_radius=25,
    alignment_radius=50,
    cohesion_radius=50,
    width=900,
    height=600,
    seed=7,
    draw=False,
    max_seconds=None,
):
    """n of the seed's boids for `frames` frames of its main loop (update every boid in turn; draw them on an
    off-screen surface only with draw=True), no window, no event pump, no clock.tick. The radii and world are the
    seed's module constants, set for the run and put back after it. Stops early, after the frame that passes
    max_seconds (at least one frame), for the O(n^2) runs at large n. Returns {"n", "frames", "seconds"}: the
    frames done and their time (making the boids is not timed)."""
    global WIDTH, HEIGHT, SEPARATION_RADIUS, ALIGNMENT_RADIUS, COHESION_RADIUS
    kept = (WIDTH, HEIGHT, SEPARATION_RADIUS, ALIGNMENT_RADIUS, COHESION_RADIUS)
    WIDTH, HEIGHT = width, height
    SEPARATION_RADIUS, ALIGNMENT_RADIUS, COHESION_RADIUS = separation_radius, alignment_radius, cohesion_radius
    try:
        random.seed(seed)
        boids = [Boid() for _ in range(n)]
        screen = pygame.Surface((WIDTH, HEIGHT)) if draw else None
        done = 0
        clock = time.perf_counter
        start = clock()
        while done < frames:
            if draw:
                screen.fill((20, 22, 30))
            for boid in boids:
                boid.update(boids)
                if draw:
                    boid.draw(screen)
            done += 1
            if max_seconds is not None and clock() - start >= max_seconds:
                break
        seconds = clock() - start
        return {"n": n, "frames": done, "seconds": seconds}
    finally:
        WIDTH, HEIGHT, SEPARATION_RADIUS, ALIGNMENT_RADIUS, COHESION_RADIUS = kept


if __name__ == "__main__":
    import argparse

    ap = argparse.ArgumentParser(description="The seed's §5 Boids (boids_basic.py), restored.")
    ap.add_argument("--headless", action="store_true", help="SDL's dummy video driver: no window")
    ap.add_argument("--frames", type=int, default=None, help="stop after this many frames (default: until closed)")
    ap.add_argument("--no-tick", action="store_true", help="no clock.tick(60): as fast as it goes")
    args = ap.parse_args()
    if args.headless and args.frames is None:
        ap.error("--headless needs --frames (a dummy window is never closed)")
    main(frames=args.frames, headless=args.headless, tick=not args.no_tick)
