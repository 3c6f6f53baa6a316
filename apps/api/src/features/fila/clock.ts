/** Where the waiting room reads the time: the system clock, or a fake one in tests. */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** A clock that only moves when told to (queue tests: idle time-out, token refill). */
export class FakeClock implements Clock {
  constructor(private t = Date.UTC(2026, 10, 21, 12, 0, 0)) {}
  now() {
    return this.t;
  }
  advance(ms: number) {
    this.t += ms;
    return this.t;
  }
}
