import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { envelopeOf } from '@taice/contract';
import { batchLoader } from '../src/platform/batch-loader';
import { serializerCompiler, shared } from '../src/platform/serialization';

describe('the batch loader', () => {
  it('reads the keys asked for together in one load per group, each key once', async () => {
    const loads: number[][] = [];
    const loader = batchLoader<{ id: number; viewer: number }, string>({
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
    const loader = batchLoader<number, number>({
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

describe('the response serializer', () => {
  const schema = envelopeOf(z.object({ list: z.array(z.object({ id: z.number().int(), title: z.string() })) }));
  const serialize = serializerCompiler({ schema, method: 'GET', url: '/test', httpStatus: '200' });

  it('writes what JSON.stringify of the checked envelope writes, without undeclared fields', () => {
    const body = { code: 0, msg: '成功', data: { list: [{ id: 1, title: 'a "b"', secret: 'x' }], extra: 1 } };
    expect(serialize(body)).toBe(JSON.stringify({ code: 0, msg: '成功', data: { list: [{ id: 1, title: 'a "b"' }] } }));
  });

  it('refuses data that does not match the schema, shared or not', () => {
    expect(() => serialize({ code: 0, msg: 'ok', data: { list: [{ id: 1.5, title: 'a' }] } })).toThrow();
    expect(() => serialize({ code: 0, msg: 'ok', data: shared({ list: [{ id: 'x', title: 'a' }] }) })).toThrow();
  });

  it('writes shared data once and keeps each response its own message', () => {
    const page = shared({ list: [{ id: 1, title: 'a' }] });
    expect(Object.isFrozen(page.list[0])).toBe(true);
    expect(serialize({ code: 0, msg: 'ok', data: page })).toBe(
      '{"code":0,"msg":"ok","data":{"list":[{"id":1,"title":"a"}]}}',
    );
    expect(serialize({ code: 0, msg: '成功', data: page })).toBe(
      '{"code":0,"msg":"成功","data":{"list":[{"id":1,"title":"a"}]}}',
    );
  });
});
