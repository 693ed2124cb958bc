// Token buckets of the rate limiter (RES-14, RES-15), on a fake clock.
import assert from "node:assert/strict";
import { it } from "node:test";
import { RateLimiter, TokenBucket } from "../../runtime/ratelimit.js";

it("a bucket spends its burst, then refills at its rate, never beyond the burst", () => {
  let now = 0;
  const b = new TokenBucket(2, 3, () => now);
  assert.deepEqual([b.take(), b.take(), b.take(), b.take()], [true, true, true, false]);
  now += 500; // one token at 2 a second
  assert.deepEqual([b.take(), b.take()], [true, false]);
  now += 60_000;
  assert.deepEqual([b.take(), b.take(), b.take(), b.take()], [true, true, true, false], "a long pause refills to the burst only");
});

it("tools/list draws at a tenth of the rate and completion at ten times, each from its own bucket", () => {
  let now = 0;
  const l = new RateLimiter(10, 1, () => now);
  assert.deepEqual([l.take("call"), l.take("list"), l.take("complete")], [true, true, true]);
  assert.deepEqual([l.take("call"), l.take("list"), l.take("complete")], [false, false, false]);
  now += 10; // 0.1 call tokens, 0.01 list, 1 complete
  assert.deepEqual([l.take("call"), l.take("list"), l.take("complete")], [false, false, true]);
  now += 100;
  assert.deepEqual([l.take("call"), l.take("list")], [true, false]);
  now += 1000;
  assert.equal(l.take("list"), true);
});
