import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { envelopeOf } from '@taice/contract';
import { batchedReads } from '../src/platform/turn/batched-reads';
import { batchedWrites } from '../src/platform/turn/batched-writes';
import { serializerCompiler, serializeOnce } from '../src/platform/http/serialization';
import { sameTurnAnswers } from '../src/platform/turn/same-turn-answers';

describe('the batch loader', () => {
  it('reads the keys asked for together in one load per group, each key once', async () => {
    const loads: number[][] = [];
    const loader = batchedReads<{ id: number; viewer: number }, string>({
      groupOf: (key) => String(key.viewer),
      idOf: (key) => key.id,
      async loadMany(keys) {
        loads.push(keys.map((k) => k.id));
        return new Map(keys.filter((k) => k.id !== 404).map((k) => [k.id, `${k.viewer}:${k.id}`]));
      },
    });
    const found = await Promise.all([
      loader.load({ id: 1, viewer: 0 }),
      loader.load({ id: 2, viewer: 0 }),
      loader.load({ id: 1, viewer: 0 }),
      loader.load({ id: 404, viewer: 0 }),
      loader.load({ id: 1, viewer: 7 }),
    ]);
    expect(found).toEqual(['0:1', '0:2', '0:1', undefined, '7:1']);
    expect(loads).toEqual([[1, 2, 404], [1]]);
    // A later turn is a new batch.
    expect(await loader.load({ id: 3, viewer: 0 })).toBe('0:3');
    expect(loads).toHaveLength(3);
  });

  it('fails only the requests whose load failed', async () => {
    const loader = batchedReads<number, number>({
      groupOf: (id) => (id < 0 ? 'bad' : 'good'),
      idOf: (id) => id,
      async loadMany(ids) {
        if (ids[0]! < 0) throw new Error('boom');
        return new Map(ids.map((id) => [id, id * 2]));
      },
    });
    const [good, bad] = await Promise.allSettled([loader.load(2), loader.load(-1)]);
    expect(good).toEqual({ status: 'fulfilled', value: 4 });
    expect(bad).toMatchObject({ status: 'rejected', reason: new Error('boom') });
  });
});

describe('the batch runner', () => {
  /** A few turns of the event loop: what a batch's end starts has started. */
  const turns = async () => {
    for (let i = 0; i < 3; i++) await new Promise((r) => setImmediate(r));
  };

  it('runs a lone item at once, and what arrives while the batches run together in the next one', async () => {
    const batches: number[][] = [];
    const releases: (() => void)[] = [];
    const runner = batchedWrites<number, number>(
      async (items) => {
        batches.push(items);
        await new Promise<void>((resolve) => releases.push(resolve));
        return items.map((i) => i * 10);
      },
      { maxInFlight: 1, maxBatch: 3 },
    );
    const first = runner.submit(1);
    await turns();
    expect(batches).toEqual([[1]]);
    // Four more while the first runs: the next batch takes three of them, the one after the last.
    const rest = [2, 3, 4, 5].map((i) => runner.submit(i));
    await turns();
    expect(batches).toHaveLength(1);
    releases.shift()!();
    expect(await first).toBe(10);
    await turns();
    expect(batches).toEqual([[1], [2, 3, 4]]);
    releases.shift()!();
    await turns();
    expect(batches).toEqual([[1], [2, 3, 4], [5]]);
    releases.shift()!();
    expect(await Promise.all(rest)).toEqual([20, 30, 40, 50]);
  });

  it('fails only the items of the batch that failed', async () => {
    const runner = batchedWrites<number, number>(
      async (items) => {
        if (items.includes(-1)) throw new Error('boom');
        return items;
      },
      { maxInFlight: 2, maxBatch: 1 },
    );
    const [bad, good] = await Promise.allSettled([runner.submit(-1), runner.submit(2)]);
    expect(bad).toMatchObject({ status: 'rejected', reason: new Error('boom') });
    expect(good).toEqual({ status: 'fulfilled', value: 2 });
  });
});

describe('the response serializer', () => {
  const schema = envelopeOf(z.object({ list: z.array(z.object({ id: z.number().int(), title: z.string() })) }));
  const serialize = serializerCompiler({ schema, method: 'GET', url: '/test', httpStatus: '200' });

  it('writes what JSON.stringify of the checked envelope writes, without undeclared fields', () => {
    const body = { code: 0, msg: '成功', data: { list: [{ id: 1, title: 'a "b"', secret: 'x' }], extra: 1 } };
    expect(serialize(body)).toBe(JSON.stringify({ code: 0, msg: '成功', data: { list: [{ id: 1, title: 'a "b"' }] } }));
  });

  it('refuses data that does not match the schema, shared or not', () => {
    expect(() => serialize({ code: 0, msg: 'ok', data: { list: [{ id: 1.5, title: 'a' }] } })).toThrow();
    expect(() => serialize({ code: 0, msg: 'ok', data: serializeOnce({ list: [{ id: 'x', title: 'a' }] }) })).toThrow();
  });

  it('writes shared data once and keeps each response its own message', () => {
    const page = serializeOnce({ list: [{ id: 1, title: 'a' }] });
    expect(Object.isFrozen(page.list[0])).toBe(true);
    expect(serialize({ code: 0, msg: 'ok', data: page })).toBe(
      '{"code":0,"msg":"ok","data":{"list":[{"id":1,"title":"a"}]}}',
    );
    expect(serialize({ code: 0, msg: '成功', data: page })).toBe(
      '{"code":0,"msg":"成功","data":{"list":[{"id":1,"title":"a"}]}}',
    );
  });
});

describe('the response serializer, a shared part sent with fields of its own', () => {
  const row = z.object({ id: z.number().int(), title: z.string() });
  const schema = envelopeOf(z.object({ list: z.array(row), me: row.nullable(), note: z.string().optional() }));
  const serialize = serializerCompiler({ schema, method: 'GET', url: '/test', httpStatus: '200' });

  /** A shared list whose title counts how often it is read. */
  function countedList() {
    const read = { times: 0 };
    const item = { id: 1 } as { id: number; title: string };
    Object.defineProperty(item, 'title', {
      enumerable: true,
      get: () => {
        read.times += 1;
        return 'a';
      },
    });
    return { list: serializeOnce([item]), read };
  }

  it('writes what JSON.stringify of the checked data writes, reading the shared part once', () => {
    const { list, read } = countedList();
    const mine = (id: number) => ({ list, me: { id, title: 'me', secret: 'x' }, extra: 1 });
    expect(serialize({ code: 0, msg: 'ok', data: mine(2) })).toBe(
      '{"code":0,"msg":"ok","data":{"list":[{"id":1,"title":"a"}],"me":{"id":2,"title":"me"}}}',
    );
    const readOnce = read.times;
    expect(serialize({ code: 0, msg: 'ok', data: { ...mine(3), note: 'n' } })).toBe(
      '{"code":0,"msg":"ok","data":{"list":[{"id":1,"title":"a"}],"me":{"id":3,"title":"me"},"note":"n"}}',
    );
    expect(serialize({ code: 0, msg: 'ok', data: { list, me: null } })).toContain('"me":null');
    expect(read.times).toBe(readOnce);
  });

  it('refuses a field of its own that does not match, or one missing', () => {
    const { list } = countedList();
    expect(() => serialize({ code: 0, msg: 'ok', data: { list, me: { id: 'x', title: 'me' } } })).toThrow();
    expect(() => serialize({ code: 0, msg: 'ok', data: { list } })).toThrow();
  });
});

describe('answers shared within one turn', () => {
  const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

  it('makes one answer for the same question asked in one turn, and a fresh one in the next', async () => {
    const ask = sameTurnAnswers<{ keyword: string; made: number }>();
    let made = 0;
    const answer = (keyword: string) => ask(keyword, async () => ({ keyword, made: ++made }));
    const [a, b, other] = await Promise.all([answer('cat'), answer('cat'), answer('dog')]);
    expect(a).toBe(b);
    expect(a).toEqual({ keyword: 'cat', made: 1 });
    expect(other).toEqual({ keyword: 'dog', made: 2 });
    // frozen, so the serializer writes it once for every response that sends it
    expect(Object.isFrozen(a)).toBe(true);
    await nextTurn();
    expect(await answer('cat')).toEqual({ keyword: 'cat', made: 3 });
  });

  it('fails every request of the turn whose answer failed, and tries again in the next turn', async () => {
    const ask = sameTurnAnswers<{ ok: true }>();
    let calls = 0;
    const answer = () =>
      ask('q', async () => {
        calls += 1;
        if (calls === 1) throw new Error('database away');
        return { ok: true };
      });
    const results = await Promise.allSettled([answer(), answer()]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    await nextTurn();
    expect(await answer()).toEqual({ ok: true });
    expect(calls).toBe(2);
  });
});
