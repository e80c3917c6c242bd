import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@mitos/domain/messages';
import type { TPublicMatchSummary } from '@mitos/domain/sharing';
import { userSettings } from '../src/db/schema/index';
import { escapeHtml, matchPageId, publicOrigin, withHeadTags } from '../src/share/og';
import { PUBLIC_READS_PER_MINUTE } from '../src/share/routes';
import { buildTestApp, expectErrorShape, injectAs, type TestApp } from './helpers';
import {
  act,
  approvedMatch,
  createPlayer,
  createPlayers,
  recordMatch,
  type Player,
} from './matches-factories';
import { insertStore } from './community-factories';

const page = `<!doctype html>
<html lang="es">
  <head>
    <meta charset="UTF-8" />
    <meta
      name="description"
      content="Registra tus partidas de Mitos y Leyendas, apruébalas y sigue tus estadísticas."
    />
    <title>Mitos y Leyendas — Partidas</title>
  </head>
  <body><div id="root"></div></body>
</html>`;

let t: TestApp;
let dist: string;

beforeAll(async () => {
  dist = mkdtempSync(path.join(os.tmpdir(), 'mitos-share-'));
  writeFileSync(path.join(dist, 'index.html'), page);
  t = await buildTestApp({ webDist: dist });
});

const publicRead = (id: number | string, ip = '10.0.0.1') =>
  t.app.inject({ method: 'GET', url: `/api/public/matches/${id}`, remoteAddress: ip });

const privacy = (user: Player | null, publicMatches?: unknown) =>
  injectAs(t.app, user, {
    method: publicMatches === undefined ? 'GET' : 'PUT',
    url: '/api/users/me/privacy',
    ...(publicMatches === undefined ? {} : { payload: { publicMatches } }),
  });

function expectNotPublic(res: { statusCode: number; json(): unknown }) {
  expect(res.statusCode).toBe(404);
  const body = res.json();
  expectErrorShape(body);
  expect(body.message).toBe(MSG.matchNotPublic);
}

describe('privacy setting', () => {
  it('is on by default, and a change sets only public_matches, leaving the push preferences', async () => {
    const player = await createPlayer(t.database);
    expect((await privacy(player)).json()).toEqual({ publicMatches: true });
    // Another screen's preference, already saved.
    await t.database.db.insert(userSettings).values({ userId: player.id, pushReminder: false });

    const off = await privacy(player, false);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ publicMatches: false });
    expect((await privacy(player)).json()).toEqual({ publicMatches: false });
    const [row] = await t.database.db.select().from(userSettings).where(eq(userSettings.userId, player.id));
    expect(row).toMatchObject({ publicMatches: false, pushReminder: false, pushApproval: true });

    expect((await privacy(player, true)).json()).toEqual({ publicMatches: true });
  });

  it('a first change creates the row with the other settings at their defaults', async () => {
    const player = await createPlayer(t.database);
    await privacy(player, false);
    const [row] = await t.database.db.select().from(userSettings).where(eq(userSettings.userId, player.id));
    expect(row).toMatchObject({
      publicMatches: false,
      pushApproval: true,
      pushRejected: true,
      pushAnnouncement: true,
      pushReminder: true,
    });
  });

  it('needs a session, and refuses a body that is not one boolean, changing nothing', async () => {
    expect((await privacy(null)).statusCode).toBe(401);
    expect((await privacy(null, false)).statusCode).toBe(401);
    const player = await createPlayer(t.database);
    for (const bad of ['false', 0, null]) {
      const res = await privacy(player, bad);
      expect(res.statusCode).toBe(400);
      expectErrorShape(res.json());
    }
    const extra = await injectAs(t.app, player, {
      method: 'PUT',
      url: '/api/users/me/privacy',
      payload: { publicMatches: false, pushReminder: false },
    });
    expect(extra.statusCode).toBe(400);
    expect((await privacy(player)).json()).toEqual({ publicMatches: true });
  });
});

describe('public match summary', () => {
  it('answers an approved match of players who allow it, signed out, with no emails nor user ids', async () => {
    const store = await insertStore(t.database, { name: 'El Dragón Dorado' });
    const [mateo, lucas] = await createPlayers(t.database, [`mateo${Date.now()}`, `lucas${Date.now()}`]);
    const match = await approvedMatch(t.app, mateo, lucas, { store_id: store.id });
    const res = await publicRead(match.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const summary = res.json<TPublicMatchSummary>();
    expect(summary).toEqual({
      id: match.id,
      matchDate: match.match_date,
      mode: '1v1',
      tier: 'Amistoso',
      store: 'El Dragón Dorado',
      winningTeam: 'team1',
      team1: { score: 2, players: [{ username: mateo.username, race: mateo.deck.raza }] },
      team2: { score: 1, players: [{ username: lucas.username, race: lucas.deck.raza }] },
    });
    expect(res.body).not.toContain(mateo.email);
    expect(res.body).not.toContain('user_id');
  });

  it('is not found, with one message, for pending, cancelled, rejected, opted-out and missing matches', async () => {
    const [a, b] = await createPlayers(t.database, [`ana${Date.now()}`, `beto${Date.now()}`]);
    const pending = await recordMatch(t.app, a, a, b);
    expectNotPublic(await publicRead(pending.id));

    const cancelled = await recordMatch(t.app, a, a, b);
    expect((await act(t.app, a, cancelled.id, 'cancel')).statusCode).toBe(200);
    expectNotPublic(await publicRead(cancelled.id));

    const rejected = await recordMatch(t.app, a, a, b);
    expect((await act(t.app, b, rejected.id, 'reject')).statusCode).toBe(200);
    expectNotPublic(await publicRead(rejected.id));

    const approved = await approvedMatch(t.app, a, b);
    expect((await publicRead(approved.id)).statusCode).toBe(200);
    // One player turns it off: the match is hidden, whoever created it.
    await privacy(b, false);
    const hidden = await publicRead(approved.id);
    expectNotPublic(hidden);
    const missing = await publicRead(2_000_000_000);
    expectNotPublic(missing);
    // The same answer: nothing tells a private match from one that does not exist.
    expect(hidden.body).toBe(missing.body);
    await privacy(b, true);
    expect((await publicRead(approved.id)).statusCode).toBe(200);
  });

  it('hides a 2v2 when any one of the four players opted out', async () => {
    const [a, b, c, d] = await createPlayers(
      t.database,
      ['w', 'x', 'y', 'z'].map((l) => `${l}${Date.now()}`) as [string, string, string, string],
    );
    const match = await recordMatch(t.app, a, a, c, {
      match_mode: '2v2',
      team1_players: [a.id, b.id],
      team2_players: [c.id, d.id],
      team1_decks: [a.deck.id, b.deck.id],
      team2_decks: [c.deck.id, d.deck.id],
    });
    for (const p of [b, c, d]) expect((await act(t.app, p, match.id, 'approve')).statusCode).toBe(200);
    const open = await publicRead(match.id);
    expect(open.json<TPublicMatchSummary>().team1.players.map((p) => p.username)).toEqual([
      a.username,
      b.username,
    ]);
    await privacy(d, false);
    expectNotPublic(await publicRead(match.id));
  });

  it('refuses a bad id with the invalid-id message', async () => {
    for (const bad of ['abc', '0', '-1', '1.5', '99999999999']) {
      const res = await publicRead(bad);
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expectErrorShape(body);
      expect(body.message).toBe(MSG.invalidId);
    }
  });

  it('is rate limited per address', async () => {
    const ip = '10.9.9.9';
    for (let i = 0; i < PUBLIC_READS_PER_MINUTE; i += 1)
      expect((await publicRead(2_000_000_000, ip)).statusCode).toBe(404);
    const limited = await publicRead(2_000_000_000, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ success: false, message: MSG.tooManyRequests });
    // Another address is not held back.
    expect((await publicRead(2_000_000_000, '10.9.9.8')).statusCode).toBe(404);
  });
});

describe('link previews of /match/:id', () => {
  const metaContent = (html: string, key: string) => {
    const found = new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html);
    return found?.[1];
  };

  it('carry the match, escaped, when it is public, and the page is never cached', async () => {
    const store = await insertStore(t.database, {
      name: `Tienda "<script>alert('s')</script>" & Co ${Date.now()}`,
    });
    const evil = await createPlayer(t.database, { username: `<script>alert("x")</script>'${Date.now()}` });
    const lucas = await createPlayer(t.database, { username: `lucas${Date.now()}` });
    const match = await approvedMatch(t.app, evil, lucas, { store_id: store.id });

    const res = await t.app.inject({ url: `/match/${match.id}`, headers: { host: 'partidas.example.ar' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    const html = res.body;
    expect(html).not.toContain('<script>');
    expect(html).not.toContain(`alert("x")`);
    const title = `${escapeHtml(evil.username)} 2–1 ${lucas.username} · Mitos y Leyendas`;
    expect(html).toContain(`<title>${title}</title>`);
    expect(metaContent(html, 'og:title')).toBe(title);
    const description = metaContent(html, 'og:description')!;
    expect(description).toContain(escapeHtml(store.name));
    expect(description).toContain('Amistoso');
    expect(description).toMatch(/\d{1,2} de \p{L}+ de \d{4}/u);
    expect(metaContent(html, 'og:url')).toBe(`http://partidas.example.ar/match/${match.id}`);
    expect(metaContent(html, 'og:image')).toBe('http://partidas.example.ar/icon-512.png');
    expect(metaContent(html, 'og:type')).toBe('website');
    expect(metaContent(html, 'og:site_name')).toBe('Mitos y Leyendas');
    expect(metaContent(html, 'og:locale')).toBe('es_AR');
    expect(metaContent(html, 'twitter:card')).toBe('summary');
    // One title and one description: the generic ones were replaced.
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(html).toContain('<div id="root"></div>');
  });

  it('carry only the generic tags for a private, pending or missing match', async () => {
    const [a, b] = await createPlayers(t.database, [`priv${Date.now()}`, `ado${Date.now()}`]);
    const pending = await recordMatch(t.app, a, a, b);
    const hidden = await approvedMatch(t.app, a, b);
    await privacy(a, false);
    for (const id of [pending.id, hidden.id, 2_000_000_000]) {
      const res = await t.app.inject({ url: `/match/${id}`, headers: { host: 'localhost:3000' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<title>Mitos y Leyendas — Partidas</title>');
      expect(res.body).not.toContain(a.username);
      expect(metaContent(res.body, 'og:url')).toBe(`http://localhost:3000/match/${id}`);
      expect(metaContent(res.body, 'og:image')).toBe('http://localhost:3000/icon-512.png');
    }
  });

  it('other screens are served as before', async () => {
    const res = await t.app.inject({ url: '/match/abc' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(page);
  });

  it('use PUBLIC_URL when set, and the forwarded scheme and host only behind a trusted proxy', async () => {
    const fixed = await buildTestApp({ webDist: dist, publicUrl: 'https://partidas.example.ar' });
    const res = await fixed.app.inject({ url: '/match/2000000000', headers: { host: 'evil.example' } });
    expect(metaContent(res.body, 'og:url')).toBe('https://partidas.example.ar/match/2000000000');

    const forwarded = { host: 'internal:3000', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'mitos.ar' };
    const direct = await t.app.inject({ url: '/match/2000000000', headers: forwarded });
    expect(metaContent(direct.body, 'og:url')).toBe('http://internal:3000/match/2000000000');
    const proxied = await buildTestApp({ webDist: dist, trustProxy: true });
    const behind = await proxied.app.inject({ url: '/match/2000000000', headers: forwarded });
    expect(metaContent(behind.body, 'og:url')).toBe('https://mitos.ar/match/2000000000');
  });
});

describe('og helpers', () => {
  it('escape every character that could leave an attribute or open a tag', () => {
    expect(escapeHtml(`<a href="x" onclick='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });

  it('read only plain match ids from the address', () => {
    expect(matchPageId('/match/12')).toBe(12);
    expect(matchPageId('/match/12/')).toBe(12);
    expect(matchPageId('/match/12?utm=wa')).toBe(12);
    for (const url of [
      '/match/0',
      '/match/abc',
      '/match/12/x',
      '/match/99999999999',
      '/matches/1',
      '/match/',
    ])
      expect(matchPageId(url)).toBeNull();
  });

  it('never put a host that is not a host name in a link', () => {
    expect(publicOrigin({ protocol: 'http', host: 'a"b<c' }, undefined)).toBe('http://localhost');
    expect(publicOrigin({ protocol: 'https', host: 'mitos.ar:8443' }, undefined)).toBe(
      'https://mitos.ar:8443',
    );
    expect(publicOrigin({ protocol: 'http', host: 'x' }, 'https://p.ar')).toBe('https://p.ar');
  });

  it('a username with a replacement pattern is inserted as written', () => {
    const html = withHeadTags('<html><head></head></html>', {
      title: "$& $' $`",
      description: 'd',
      url: 'u',
      image: 'i',
    });
    expect(html).toContain('<title>$&amp; $&#39; $`</title>');
  });
});
