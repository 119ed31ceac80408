import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_SIGN_SECRET,
  messageCalls,
  newNonce,
  opsRedemptionCalls as ops,
  redemptionCalls,
  signParams,
  type PrizeInput,
} from '@taice/contract';
import { auditLog } from '../src/modules/operators/operators.schema';
import { ledgerEntries } from '../src/modules/points/points.schema';
import { prizeOrders, prizes } from '../src/modules/redemption/redemption.schema';
import { serverRoot } from '../src/platform/process/paths';
import { register, type Registered } from './support/accounts';
import { ledgerMismatches, walletOf } from './support/points';
import { operator } from './support/operators';
import { createPrize, exchange, exchangePhysical, fund, saveAddress } from './support/redemption';
import { createTestApp, type TestApp } from './support/test-app';

const run = promisify(execFile);
let t: TestApp;
let admin: Registered;
let support: Registered;
let member: Registered;

beforeAll(async () => {
  t = await createTestApp();
  admin = await operator(t, 'admin');
  support = await operator(t, 'support');
  member = await register(t);
});
afterAll(() => t.close());

const hoodie = {
  type: 'physical',
  name: { en_US: 'Test Hoodie', 'zh-CN': '测试卫衣', 'zh-TW': '測試衛衣' },
  description: { en_US: 'Warm', 'zh-CN': '保暖', 'zh-TW': '保暖' },
  price: 12.5,
  stock: 3,
} as const satisfies Partial<PrizeInput>;

const auditsOf = (targetType: string, targetId: number) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, targetType), eq(auditLog.targetId, String(targetId))))
    .orderBy(auditLog.id);

const cli = (...args: string[]) =>
  run(process.execPath, ['--import', 'tsx', path.join(serverRoot, 'src/ops/cli.ts'), ...args], {
    env: { ...process.env, DATABASE_URL: t.databaseUrl, DATA_DIR: t.config.DATA_DIR },
  });

/** PUTs raw image bytes to a prize, signed like any call. */
function uploadImage(prizeId: number, data: Buffer, token: string) {
  const signing = signParams(DEFAULT_SIGN_SECRET, 'test-device', t.clock.now().getTime(), newNonce());
  return t.inject({
    method: 'PUT',
    url: `/api/ops/redemption/prize/${prizeId}/image?${new URLSearchParams(signing as Record<string, string>)}`,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'image/png' },
    payload: data,
  });
}

describe('who may use the operator API', () => {
  it('members are refused, support may handle orders but not the catalogue', async () => {
    const create = { body: hoodie };
    expect((await t.call(ops.opsPrizeCreate, create, { token: member.token })).code).toBe(403);
    expect((await t.call(ops.opsPrizeCreate, create, { token: support.token })).code).toBe(403);
    expect((await t.call(ops.opsOrders, {}, { token: member.token })).code).toBe(403);
    expect((await t.call(ops.opsOrders, {}, { token: support.token })).code).toBe(0);
    expect((await t.call(ops.opsOrderCancel, { body: { order_no: 'R1' } }, { token: member.token })).code).toBe(403);
    expect((await uploadImage(1, Buffer.from('x'), member.token)).json().code).toBe(403);
    expect((await t.call(ops.opsPrizes, {}, {})).code).toBe(401);
  });
});

describe('the catalogue by operators', () => {
  it('creates a prize with its translations, changes it, and every change is audited', async () => {
    const created = await t.call(
      ops.opsPrizeCreate,
      { body: { ...hoodie, per_user_limit: 2, sort: -5 } },
      { token: admin.token },
    );
    expect(created.code).toBe(0);
    const id = created.data.id;
    expect(created.data).toMatchObject({ price: 12.5, stock: 3, per_user_limit: 2, active: true, images: [] });
    const cn = await t.call(redemptionCalls.prizeList, { query: { type: 'physical' } }, { lang: 'zh-CN' });
    expect(cn.data.list[0]).toMatchObject({ id, name: '测试卫衣', price: 12.5, stock_left: 3 });

    const updated = await t.call(
      ops.opsPrizeUpdate,
      { body: { id, price: 20, name: { ...hoodie.name, en_US: 'Warm Hoodie' }, active: false } },
      { token: admin.token },
    );
    expect(updated.data).toMatchObject({
      price: 20,
      active: false,
      name: { en_US: 'Warm Hoodie', 'zh-CN': '测试卫衣' },
    });
    const listed = await t.call(redemptionCalls.prizeList, { query: { type: 'physical', size: 50 } });
    expect(listed.data.list.map((p) => p.id)).not.toContain(id);
    const stocked = await t.call(ops.opsPrizeStock, { body: { id, stock: 40 } }, { token: admin.token });
    expect(stocked.data.stock).toBe(40);
    const all = await t.call(ops.opsPrizes, { query: { type: 'physical', size: 50 } }, { token: admin.token });
    expect(all.data.list.find((p) => p.id === id)).toMatchObject({ active: false, stock: 40 });

    const audits = await auditsOf('prize', id);
    expect(audits.map((a) => [a.action, a.actor])).toEqual([
      ['prize.create', String(admin.user.id)],
      ['prize.update', String(admin.user.id)],
      ['prize.stock', String(admin.user.id)],
    ]);
    expect(audits[1]!.before).toMatchObject({ price: 12.5, active: true });
    expect(audits[1]!.after).toMatchObject({ price: 20, active: false });
  });

  it('refuses an incomplete or inconsistent prize', async () => {
    const token = admin.token;
    const noTw = await t.send(
      ops.opsPrizeCreate,
      { body: { ...hoodie, name: { en_US: 'A', 'zh-CN': 'B' } } },
      { token },
    );
    expect(noTw.code).toBe(422);
    expect(noTw.msg).toContain('zh-TW');
    expect((await t.send(ops.opsPrizeCreate, { body: { ...hoodie, price: 0 } }, { token })).code).toBe(422);
    expect((await t.send(ops.opsPrizeCreate, { body: { ...hoodie, price: 1.234 } }, { token })).code).toBe(422);
    const tier = await t.send(ops.opsPrizeCreate, { body: { ...hoodie, type: 'membership' } }, { token });
    expect(tier.code).toBe(422);
    expect(tier.msg).toContain('membership_days');
    const window = await t.send(
      ops.opsPrizeCreate,
      { body: { ...hoodie, sale_starts_at: '2026-12-02T00:00:00Z', sale_ends_at: '2026-12-01T00:00:00Z' } },
      { token },
    );
    expect(window.code).toBe(422);
    expect((await t.call(ops.opsPrizeStock, { body: { id: 999_999, stock: 1 } }, { token })).code).toBe(16001);
    expect((await t.call(ops.opsPrizeStock, { body: { id: 1, stock: -1 } }, { token })).code).toBe(422);
  });

  it('adds uploaded images (stored as WebP and served), keeps a chosen subset in order', async () => {
    const id = (await t.call(ops.opsPrizeCreate, { body: hoodie }, { token: admin.token })).data.id;
    const png = (color: string) =>
      sharp({ create: { width: 1200, height: 900, channels: 3, background: color } })
        .png()
        .toBuffer();
    const first = (await uploadImage(id, await png('#ff0000'), admin.token)).json();
    expect(first.code).toBe(0);
    const second = (await uploadImage(id, await png('#00ff00'), admin.token)).json();
    const images: string[] = second.data.images;
    expect(images).toHaveLength(2);
    const served = await t.inject({ method: 'GET', url: images[1]! });
    expect(served.headers['content-type']).toBe('image/webp');
    expect((await sharp(served.rawPayload).metadata()).width).toBe(800);
    expect((await uploadImage(id, Buffer.from('not an image'), admin.token)).json().code).toBe(12001);
    const reordered = await t.call(ops.opsPrizeUpdate, { body: { id, images: [images[1]!] } }, { token: admin.token });
    expect(reordered.data.images).toEqual([images[1]]);
    const unknown = await t.call(
      ops.opsPrizeUpdate,
      { body: { id, images: ['/media/elsewhere.webp'] } },
      { token: admin.token },
    );
    expect(unknown.code).toBe(16014);
  });

  it('imports virtual codes from CSV: header, blanks and repeats skipped; stock follows the free codes', async () => {
    const created = await t.call(
      ops.opsPrizeCreate,
      { body: { ...hoodie, type: 'virtual', stock: 99 } },
      { token: admin.token },
    );
    const id = created.data.id;
    expect(created.data).toMatchObject({ stock: 0, free_codes: 0 });
    const csv = 'code,note\nAAA-1,first\n"BBB-2"\n\nAAA-1\r\nCCC-3,x\n';
    const first = await t.call(ops.opsCodesImport, { body: { prize_id: id, csv } }, { token: admin.token });
    expect(first.data).toEqual({ imported: 3, duplicates: 1, stock: 3, free_codes: 3 });
    const again = await t.call(
      ops.opsCodesImport,
      { body: { prize_id: id, csv: 'CCC-3\nDDD-4' } },
      { token: admin.token },
    );
    expect(again.data).toEqual({ imported: 1, duplicates: 1, stock: 4, free_codes: 4 });
    expect(await t.call(ops.opsPrizeStock, { body: { id, stock: 5 } }, { token: admin.token })).toMatchObject({
      code: 16012,
      msg: 'A virtual product can hold at most 4 in stock: one per free code',
    });
    expect((await t.call(ops.opsPrizeStock, { body: { id, stock: 2 } }, { token: admin.token })).data.stock).toBe(2);
    const physical = (await t.call(ops.opsPrizeCreate, { body: hoodie }, { token: admin.token })).data.id;
    expect(
      (await t.call(ops.opsCodesImport, { body: { prize_id: physical, csv: 'X1' } }, { token: admin.token })).code,
    ).toBe(16007);
    expect(
      (await t.call(ops.opsCodesImport, { body: { prize_id: id, csv: 'code\n\n' } }, { token: admin.token })).code,
    ).toBe(16015);
    // The audit row counts the codes; it never holds them.
    const audits = await auditsOf('prize', id);
    expect(JSON.stringify(audits)).not.toContain('AAA-1');
    expect(audits.filter((a) => a.action === 'prize.codes').map((a) => a.after)).toEqual([first.data, again.data]);
  });
});

describe('physical orders, from exchange to delivery', () => {
  it('ships to a snapshot of the address, then ship and complete, each with a message and an audit row', async () => {
    const buyer = await register(t);
    await fund(t, buyer, 100);
    const addressId = await saveAddress(t, buyer);
    const prizeId = await createPrize(t, { type: 'physical', price: 4_000 });
    const placed = await exchangePhysical(t, buyer, prizeId, addressId);
    expect(placed.data).toMatchObject({
      status: 'not_shipped',
      address: { first_name: 'Ada', last_name: 'Lovelace', country: 'US', dial_code: '1', phone: '5551234567' },
      code: null,
      completed_at: null,
    });
    // A later edit of the address does not move the order.
    await t.call(
      redemptionCalls.addressStore,
      {
        body: {
          id: addressId,
          first_name: 'Bea',
          last_name: 'L',
          country: 'US',
          phone: '1',
          detail_address: 'Elsewhere',
        },
      },
      { token: buyer.token },
    );
    const orderNo = placed.data.order_no;
    const shipped = await t.call(
      ops.opsOrderShip,
      { body: { order_no: orderNo, carrier: 'DHL', tracking_no: 'JD0123456789' } },
      { token: support.token },
    );
    expect(shipped.data).toMatchObject({
      status: 'shipped',
      carrier: 'DHL',
      tracking_no: 'JD0123456789',
      user_id: buyer.user.id,
    });
    expect(shipped.data.address!.first_name).toBe('Ada');
    expect(
      (
        await t.call(
          ops.opsOrderShip,
          { body: { order_no: orderNo, carrier: 'DHL', tracking_no: 'x' } },
          { token: support.token },
        )
      ).code,
    ).toBe(16011);
    const done = await t.call(ops.opsOrderComplete, { body: { order_no: orderNo } }, { token: admin.token });
    expect(done.data.status).toBe('completed');
    expect((await t.call(ops.opsOrderCancel, { body: { order_no: orderNo } }, { token: admin.token })).code).toBe(
      16010,
    );

    const mine = await t.call(redemptionCalls.prizeOrders, { query: { status: 'completed' } }, { token: buyer.token });
    expect(mine.data.list[0]).toMatchObject({ order_no: orderNo, tracking_no: 'JD0123456789' });
    const inbox = await t.call(messageCalls.messageList, {}, { token: buyer.token });
    expect(inbox.data.unread_num).toBe(3);
    expect(inbox.data.list.map((m) => m.template)).toEqual(['order_completed', 'order_shipped', 'order_placed']);
    expect(inbox.data.list.every((m) => m.link?.kind === 'order' && m.link.id === placed.data.id)).toBe(true);
    expect(inbox.data.list[1]!.content).toContain('JD0123456789');
    const audits = await auditsOf('order', placed.data.id);
    expect(audits.map((a) => [a.action, a.actor])).toEqual([
      ['order.ship', String(support.user.id)],
      ['order.complete', String(admin.user.id)],
    ]);
  });

  it("refuses someone else's address, and an unknown one", async () => {
    const buyer = await register(t);
    const other = await register(t);
    await fund(t, buyer, 100);
    const theirs = await saveAddress(t, other);
    const prizeId = await createPrize(t, { type: 'physical', price: 100 });
    expect(await exchangePhysical(t, buyer, prizeId, theirs)).toMatchObject({
      code: 16020,
      msg: 'This address does not exist',
    });
    expect((await exchangePhysical(t, buyer, prizeId, 999_999)).code).toBe(16020);
    const [prize] = await t.database.db.select().from(prizes).where(eq(prizes.id, prizeId));
    expect(prize!.stock).toBe(10);
    expect((await walletOf(t, buyer)).spendable).toBe(100);
  });

  it('virtual and membership orders tell their owner the code and the expiry', async () => {
    const buyer = await register(t);
    await fund(t, buyer, 100);
    const v = await createPrize(t, { type: 'virtual', price: 100 }, 1);
    const m = await createPrize(t, { type: 'membership', price: 100, membershipDays: 90 });
    const code = (await exchange(t, buyer, v, 'virtual')).data.code!;
    await exchange(t, buyer, m, 'membership');
    const inbox = await t.call(messageCalls.messageList, {}, { token: buyer.token, lang: 'zh-CN' });
    expect(inbox.data.list.map((x) => x.template)).toEqual(['membership_extended', 'virtual_code_delivered']);
    expect(inbox.data.list[1]!.content).toContain(code);
  });
});

describe('cancelling', () => {
  it('gives the stock back and refunds once, even raced 20 times', async () => {
    const buyer = await register(t);
    await fund(t, buyer, 100);
    const addressId = await saveAddress(t, buyer);
    const prizeId = await createPrize(t, { type: 'physical', price: 6_000, stock: 1 });
    const order = (await exchangePhysical(t, buyer, prizeId, addressId)).data;
    expect((await walletOf(t, buyer)).spendable).toBe(40);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.call(
          ops.opsOrderCancel,
          { body: { order_no: order.order_no } },
          { token: i % 2 ? admin.token : support.token },
        ),
      ),
    );
    expect(results.filter((r) => r.code === 0)).toHaveLength(1);
    expect(results.filter((r) => r.code === 16010)).toHaveLength(19);
    const cancelled = results.find((r) => r.code === 0)!.data;
    expect(cancelled).toMatchObject({ status: 'cancelled', refund_entry_id: expect.any(Number) });
    const refunds = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.eventKey, `refund:${order.id}`));
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({
      id: cancelled.refund_entry_id,
      reason: 'refund',
      amount: 6_000,
      userDelta: 6_000,
    });
    expect((await walletOf(t, buyer)).spendable).toBe(100);
    const [prize] = await t.database.db.select().from(prizes).where(eq(prizes.id, prizeId));
    expect(prize!.stock).toBe(1);
    const inbox = await t.call(messageCalls.messageList, {}, { token: buyer.token });
    expect(inbox.data.list.filter((m) => m.template === 'order_cancelled')).toHaveLength(1);
    expect((await auditsOf('order', order.id)).map((a) => a.action)).toEqual(['order.cancel']);
    // A refund is not an earning: the level stays.
    const [user] = await t.database.db.select().from(prizeOrders).where(eq(prizeOrders.id, order.id));
    expect(user!.status).toBe('cancelled');
    expect(await ledgerMismatches(t)).toEqual([]);
    // A cancelled order no longer counts against the limit, and the unit can be bought again.
    expect((await exchangePhysical(t, buyer, prizeId, addressId)).code).toBe(0);
    expect(await ledgerMismatches(t)).toEqual([]);
  });

  it('unknown orders and bad input are refused', async () => {
    expect(
      (await t.call(ops.opsOrderCancel, { body: { order_no: 'R00000000999999' } }, { token: admin.token })).code,
    ).toBe(16009);
    expect(
      (await t.send(ops.opsOrderShip, { body: { order_no: 'R1', carrier: '' } }, { token: admin.token })).code,
    ).toBe(422);
    expect((await t.send(ops.opsOrders, { query: { status: 'lost' } }, { token: admin.token })).code).toBe(422);
  });

  it('operators list orders by status and user', async () => {
    const buyer = await register(t);
    await fund(t, buyer, 100);
    const v = await createPrize(t, { type: 'virtual', price: 100 }, 1);
    const placed = (await exchange(t, buyer, v, 'virtual')).data;
    const mine = await t.call(ops.opsOrders, { query: { user_id: buyer.user.id } }, { token: support.token });
    expect(mine.data).toMatchObject({ total: 1, list: [{ order_no: placed.order_no, user_id: buyer.user.id }] });
    const completed = await t.call(
      ops.opsOrders,
      { query: { status: 'completed', user_id: buyer.user.id } },
      { token: support.token },
    );
    expect(completed.data.total).toBe(1);
    const shipped = await t.call(
      ops.opsOrders,
      { query: { status: 'shipped', user_id: buyer.user.id } },
      { token: support.token },
    );
    expect(shipped.data.total).toBe(0);
  });
});

describe('the command line', () => {
  // Each command is a process of its own (a second or two each).
  it('creates a prize, imports codes, ships and cancels orders, audited as the OS user', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'taice-prizes-'));
    try {
      const image = path.join(dir, 'cover.png');
      await sharp({ create: { width: 400, height: 400, channels: 3, background: '#3355ff' } })
        .png()
        .toFile(image);
      const created = await cli(
        'prizes',
        'create',
        '--type',
        'virtual',
        '--name-en',
        'CLI Card',
        '--name-cn',
        '命令卡',
        '--name-tw',
        '命令卡',
        '--text-en',
        'A card',
        '--text-cn',
        '卡',
        '--text-tw',
        '卡',
        '--price',
        '5',
        '--limit',
        '2',
        '--image',
        image,
      );
      const id = Number(/prize #(\d+) created: "CLI Card", 1 images/.exec(created.stdout)?.[1]);
      expect(id).toBeGreaterThan(0);
      const csv = path.join(dir, 'codes.csv');
      await fs.writeFile(csv, 'code\nCLI-1\nCLI-2\nCLI-2\n');
      expect((await cli('codes', 'import', String(id), csv)).stdout).toBe(
        '2 codes imported, 1 already there; stock 2, 2 free codes\n',
      );
      expect((await cli('prizes', 'stock', String(id), '1')).stdout).toBe(`prize #${id} "CLI Card": stock 1\n`);
      await expect(cli('prizes', 'stock', String(id), '9')).rejects.toMatchObject({
        stderr: 'A virtual product can hold at most 2 in stock: one per free code\n',
      });
      expect((await cli('prizes', 'list', '--type', 'virtual')).stdout).toContain(
        `#${id} virtual "CLI Card" 5.00 TAICE, stock 1, 2 free codes, 2 per user`,
      );

      const buyer = await register(t);
      await fund(t, buyer, 100);
      const addressId = await saveAddress(t, buyer);
      const physical = await createPrize(t, { type: 'physical', price: 1_000 });
      const a = (await exchangePhysical(t, buyer, physical, addressId)).data;
      const b = (await exchangePhysical(t, buyer, physical, addressId)).data;
      expect((await cli('orders', 'ship', a.order_no, '--carrier', 'UPS', '--tracking', '1Z999')).stdout).toBe(
        `${a.order_no} shipped via UPS 1Z999\n`,
      );
      expect((await cli('orders', 'complete', a.order_no)).stdout).toBe(`${a.order_no} completed\n`);
      expect((await cli('orders', 'cancel', b.order_no)).stdout).toMatch(
        new RegExp(`^${b.order_no} cancelled, 10.00 TAICE refunded`),
      );
      await expect(cli('orders', 'cancel', b.order_no)).rejects.toMatchObject({
        stderr: 'Only an order that has not shipped can be cancelled\n',
      });
      const listed = (await cli('orders', 'list', '--user', String(buyer.user.id))).stdout;
      expect(listed).toContain(`${a.order_no}`);
      expect(listed).toContain('completed to Ada Lovelace, US via UPS 1Z999');
      expect((await walletOf(t, buyer)).spendable).toBe(90);
      const actor = `cli:${os.userInfo().username}`;
      expect((await auditsOf('order', b.id)).map((r) => [r.action, r.actor])).toEqual([['order.cancel', actor]]);
      expect((await auditsOf('prize', id)).map((r) => r.action)).toEqual([
        'prize.create',
        'prize.image',
        'prize.codes',
        'prize.stock',
      ]);
      expect(await ledgerMismatches(t)).toEqual([]);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  }, 180_000);
});
