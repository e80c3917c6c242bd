import { expect, test, type Page } from '@playwright/test';
import {
  adminPage,
  createStoreThroughApi,
  createTournamentThroughApi,
  enterOpenResultsThroughApi,
  expectAccessible,
  expectNoHorizontalScroll,
  pairingsThroughApi,
  registerPlayers,
  seat,
  setParticipantsThroughApi,
  snap,
  standingsThroughApi,
  startTournamentThroughApi,
  tournamentThroughApi,
  uniqueName,
  type Seat,
  type TournamentPairing,
} from './support';

// Issue 16: tournaments on the server (docs/decisions/015), played the way a store plays them.

/** Marks the page, so that a later check can tell it was not reloaded in between. */
async function markPage(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { e2eNotReloaded?: boolean }).e2eNotReloaded = true;
  });
}

async function expectNotReloaded(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { e2eNotReloaded?: boolean }).e2eNotReloaded)).toBe(
    true,
  );
}

/** The two players of a pairing, unordered: "a-b" with the smaller id first. */
const pairKey = (p: TournamentPairing) => [p.player1.id, p.player2!.id].sort((a, b) => a - b).join('-');

/** Tiebreakers as Posiciones writes them (es-AR, two decimals): "66,67 %". */
const percent = (value: number) =>
  `${value.toLocaleString('es-AR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} %`;

/** Reportar resultado on a table of Partidas: the games each player won, then Enviar resultado. */
async function reportInUi(page: Page, table: number, games: Record<string, number>) {
  const card = page.getByRole('listitem', { name: `Mesa ${table}`, exact: true });
  await card.getByRole('button', { name: 'Reportar resultado' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reportar resultado' });
  for (const [username, won] of Object.entries(games)) {
    await dialog.getByLabel(`Juegos ganados por ${username}`).fill(String(won));
  }
  await dialog.getByRole('button', { name: 'Enviar resultado' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText('Resultado enviado').first()).toBeVisible();
  return card;
}

/** A screen of the tournament at rest: pictured, with no accessibility fault and no sideways scroll. */
async function checkScreen(page: Page, testInfo: Parameters<typeof snap>[1], name: string) {
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await snap(page, testInfo, name);
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);
}

test('a Swiss run in the browser: created, four sign-ups, reported and approved, round 2 without rematches, tiebreakers', async ({
  browser,
}, testInfo) => {
  test.slow();
  const org = await adminPage(browser, testInfo);
  const store = await createStoreThroughApi(org.request, uniqueName('Suizo ', testInfo));
  const seats: Seat[] = [];
  const defaultDeck = new Map<Seat, string>();
  for (const prefix of ['swa', 'swb', 'swc', 'swd']) {
    const s = await seat(browser, prefix, testInfo);
    seats.push(s);
    defaultDeck.set(s, `Mazo de ${prefix}`);
  }
  // Ana also has a newer deck, and she makes it her default: that one is offered first.
  const favourite = await seats[0]!.page.request.post('/api/decks', {
    data: { name: 'Mazo Favorito', raza: 'Faerie' },
  });
  expect(favourite.status()).toBe(201);
  const favouriteId: number = (await favourite.json()).id;
  expect((await seats[0]!.page.request.put(`/api/decks/${favouriteId}/default`)).ok()).toBe(true);
  seats[0]!.deckId = favouriteId;
  defaultDeck.set(seats[0]!, 'Mazo Favorito');
  const byId = new Map(seats.map((s) => [s.player.id, s]));
  const seatOf = (id: number) => byId.get(id)!;

  // The organiser creates it: Crear Torneo, a Swiss of two rounds at the store.
  const name = uniqueName('Suizo del Sábado ', testInfo);
  await org.goto('/tournaments');
  await org.getByRole('button', { name: 'Crear Torneo' }).click();
  const dialog = org.getByRole('dialog', { name: 'Crear Torneo' });
  await dialog.getByLabel('Nombre del Torneo').fill(name);
  await dialog.getByLabel('Tienda').click();
  await org.getByRole('option', { name: store.name }).click();
  await expect(dialog.getByLabel('Tipo de Torneo')).toHaveText('Suizo');
  await dialog.getByRole('spinbutton', { name: 'Dia' }).click();
  await org.keyboard.type('05122026');
  await dialog.getByLabel('Rondas del suizo').fill('2');
  await snap(org, testInfo, 'swiss-create-dialog');
  await dialog.getByRole('button', { name: 'Crear Torneo' }).click();
  await expect(org).toHaveURL(/\/tournaments\/\d+$/);
  const id = Number(new URL(org.url()).pathname.split('/').pop());
  await expect(org.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(org.getByText('Abierto', { exact: true })).toBeVisible();

  // Four players sign up, each in their own browser, with the deck offered: their default one.
  for (const s of seats) {
    await s.page.goto(`/tournaments/${id}`);
    await s.page.getByRole('button', { name: 'Inscribirse' }).click();
    const signUp = s.page.getByRole('dialog', { name: 'Inscribirse' });
    const deck = defaultDeck.get(s)!;
    await expect(signUp.getByLabel('Mazo')).toHaveText(new RegExp(`^${deck} \\(\\w+\\) · por defecto$`));
    if (s === seats[0]) await snap(s.page, testInfo, 'swiss-signup-dialog');
    await signUp.getByRole('button', { name: 'Inscribirme' }).click();
    await expect(s.page.getByText('Inscripción confirmada')).toBeVisible();
    await expect(s.page.getByText(`Estás inscripto con ${deck}.`)).toBeVisible();
  }
  const entrants = await tournamentThroughApi(org.request, id);
  expect(entrants.status).toBe('registration');

  // The organiser starts it: round 1 is paired.
  await org.reload();
  await expect(org.getByText('Participantes (4)')).toBeVisible();
  await org.getByRole('button', { name: 'Comenzar torneo' }).click();
  await org
    .getByRole('dialog', { name: '¿Comenzar el torneo?' })
    .getByRole('button', { name: 'Comenzar' })
    .click();
  await expect(org.getByText('El torneo comenzó')).toBeVisible();
  await expect(org.getByText('En Progreso · Ronda 1')).toBeVisible();
  await expect(org.getByText('Ronda 1 de 2')).toBeVisible();
  const round1 = await pairingsThroughApi(org.request, id, 1);
  expect(round1).toHaveLength(2);
  expect(round1.every((p) => p.player2 !== null && p.status === 'pending')).toBe(true);

  // Table 1: its first player reports winning 2–1 and the opponent approves from the match.
  // Table 2: its second player reports losing 0–2 and the winner approves from Notificaciones.
  const [t1, t2] = round1.sort((a, b) => a.table - b.table) as [TournamentPairing, TournamentPairing];
  const reporter1 = seatOf(t1.player1.id);
  const approver1 = seatOf(t1.player2!.id);
  const reporter2 = seatOf(t2.player2!.id);
  const approver2 = seatOf(t2.player1.id);

  await reporter1.page.goto(`/tournaments/${id}/matches`);
  await expect(reporter1.page.getByRole('region', { name: 'Ronda 1' })).toBeVisible();
  const card1 = await reportInUi(reporter1.page, 1, {
    [reporter1.player.username]: 2,
    [approver1.player.username]: 1,
  });
  // Until the opponent approves, the table waits, showing the score reported.
  await expect(card1.getByText('Esperando aprobación')).toBeVisible();
  await expect(card1.getByText('reportado')).toBeVisible();
  await expect(card1.getByText(/^(2 - 1|1 - 2)$/)).toBeVisible();
  await expect(card1.getByRole('link', { name: 'Ver partida' })).toBeVisible();
  await snap(reporter1.page, testInfo, 'swiss-matches-reported');

  // Live: the reporter keeps Partidas open, and a player of table 2 watches Posiciones.
  await markPage(reporter1.page);
  await reporter2.page.goto(`/tournaments/${id}/leaderboard`);
  const standings = reporter2.page.getByRole('table', { name: 'Posiciones del torneo' });
  await expect(standings.getByRole('row')).toHaveCount(5);
  await expect(standings.getByRole('row', { name: new RegExp(reporter1.player.username) })).toContainText(
    '0-0-0',
  );
  await markPage(reporter2.page);

  await approver1.page.goto(`/tournaments/${id}/matches`);
  await approver1.page
    .getByRole('listitem', { name: 'Mesa 1', exact: true })
    .getByRole('link', { name: 'Ver partida' })
    .click();
  await expect(approver1.page).toHaveURL(/\/match\/\d+$/);
  await expect(approver1.page.getByText('Pendiente').first()).toBeVisible();
  await approver1.page.getByRole('button', { name: 'Aprobar' }).click();
  await expect(approver1.page.getByText('Partida aprobada correctamente')).toBeVisible();

  await expect(card1.getByText('Finalizado')).toBeVisible();
  await expect(card1.getByText('2 - 1')).toBeVisible();
  await expectNotReloaded(reporter1.page);
  await expect(standings.getByRole('row', { name: new RegExp(reporter1.player.username) })).toContainText(
    '1-0-0',
  );
  await expectNotReloaded(reporter2.page);

  await reporter2.page.goto(`/tournaments/${id}/matches`);
  await reportInUi(reporter2.page, 2, { [approver2.player.username]: 2, [reporter2.player.username]: 0 });
  await approver2.page.goto('/notifications');
  await expect(approver2.page.getByRole('tab', { selected: true })).toContainText('Partidas Pendientes');
  await approver2.page.getByRole('button', { name: 'Aprobar' }).click();
  await expect(approver2.page.getByText('Partida aprobada correctamente')).toBeVisible();

  // Round 1 is complete: the organiser pairs round 2, where nobody meets the same opponent again.
  await org.goto(`/tournaments/${id}`);
  await org.getByRole('button', { name: 'Emparejar ronda 2' }).click();
  await expect(org.getByText('Ronda 2 emparejada')).toBeVisible();
  await expect(org.getByText('En Progreso · Ronda 2')).toBeVisible();
  const round2 = await pairingsThroughApi(org.request, id, 2);
  expect(round2).toHaveLength(2);
  const met = new Set(round1.map(pairKey));
  expect(round2.filter((p) => met.has(pairKey(p)))).toEqual([]);

  await org.goto(`/tournaments/${id}/matches`);
  const shown = org.getByRole('region', { name: 'Ronda 2' });
  await expect(shown.getByRole('listitem')).toHaveCount(2);
  for (const p of round1) {
    await expect(
      shown
        .getByRole('listitem')
        .filter({ hasText: p.player1.username })
        .filter({ hasText: p.player2!.username }),
    ).toHaveCount(0);
  }
  for (const p of round2) {
    const card = shown.getByRole('listitem', { name: `Mesa ${p.table}`, exact: true });
    await expect(card).toContainText(p.player1.username);
    await expect(card).toContainText(p.player2!.username);
  }
  await checkScreen(org, testInfo, 'swiss-matches-round2');

  // The organiser enters round 2 (approved at once): the first player wins table 1, the second table 2.
  for (const p of round2.sort((a, b) => a.table - b.table)) {
    const first = p.table === 1;
    const card = await reportInUi(org, p.table, {
      [p.player1.username]: first ? 2 : 1,
      [p.player2!.username]: first ? 0 : 2,
    });
    await expect(card.getByText('Finalizado')).toBeVisible();
  }
  const finished = await tournamentThroughApi(org.request, id);
  expect(finished.status).toBe('finished');

  // Posiciones: points, then OMW%, GW% and OGW% as the server computed them.
  await org.goto(`/tournaments/${id}/leaderboard`);
  const table = org.getByRole('table', { name: 'Posiciones del torneo' });
  for (const column of ['V-D-E', 'Puntos', 'OMW%', 'GW%', 'OGW%']) {
    await expect(table.getByRole('columnheader', { name: column, exact: true })).toBeVisible();
  }
  await expect(org.getByText('Después de la ronda 2')).toBeVisible();
  const rows = await standingsThroughApi(org.request, id);
  expect(rows.map((r) => r.rank)).toEqual([1, 2, 3, 4]);
  expect(rows[0]!.matchPoints).toBe(6);
  const bodyRows = table.locator('tbody').getByRole('row');
  await expect(bodyRows).toHaveCount(4);
  for (const [i, r] of rows.entries()) {
    await expect(bodyRows.nth(i).getByRole('cell')).toHaveText([
      String(r.rank),
      r.player.username,
      `${r.wins}-${r.losses}-${r.draws}`,
      String(r.matchPoints),
      percent(r.omwp),
      percent(r.gwp),
      percent(r.ogwp),
    ]);
  }
  await expect(org.getByRole('region', { name: 'Desempates' })).toContainText('OMW%');
  await checkScreen(org, testInfo, 'swiss-leaderboard');

  // The detail names the winner, no one may sign up any more; the bracket points to the rounds.
  await org.goto(`/tournaments/${id}`);
  await expect(org.getByText(`Ganador: ${rows[0]!.player.username}`)).toBeVisible();
  await expect(org.getByText('Finalizado', { exact: true })).toBeVisible();
  await checkScreen(org, testInfo, 'swiss-detail');
  await seats[0]!.page.goto(`/tournaments/${id}`);
  await expect(seats[0]!.page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(seats[0]!.page.getByRole('button', { name: 'Inscribirse' })).toHaveCount(0);
  await org.goto(`/tournaments/${id}/bracket`);
  await expect(org.getByText('Un torneo suizo se juega por rondas, sin bracket')).toBeVisible();
  await checkScreen(org, testInfo, 'swiss-bracket');
  await org.goto(`/tournaments/${id}/matches`);
  await expect(org.getByRole('region', { name: 'Ronda 2' }).getByText('Finalizado')).toHaveCount(2);
  await checkScreen(org, testInfo, 'swiss-matches');
  await org.goto('/tournaments');
  await expect(
    org.getByRole('region', { name: 'Torneos Finalizados' }).getByRole('link', { name: new RegExp(name) }),
  ).toBeVisible();
  await checkScreen(org, testInfo, 'tournaments-list');
});

test('a double elimination of four played to the grand-final reset: groups, statuses and the champion', async ({
  browser,
  request,
}, testInfo) => {
  const players = await registerPlayers(request, 'dob', 4, testInfo);
  const org = await adminPage(browser, testInfo);
  const store = await createStoreThroughApi(org.request, uniqueName('Doble ', testInfo));
  const t = await createTournamentThroughApi(
    org.request,
    store.id,
    uniqueName('Doble del Domingo ', testInfo),
    {
      type: 'double_elimination',
    },
  );
  await setParticipantsThroughApi(
    org.request,
    t.id,
    players.map((p) => p.id),
  );
  await startTournamentThroughApi(org.request, t.id);

  // Everything before the grand final through the API, the first-named player winning.
  const beforeFinal = (p: TournamentPairing) => p.group !== 'grand_final';
  for (;;) {
    const open = (await pairingsThroughApi(org.request, t.id)).filter(
      (p) => p.status === 'pending' && p.player2 !== null,
    );
    if (!open.some(beforeFinal)) break;
    await enterOpenResultsThroughApi(org.request, t.id);
  }
  const pairings = await pairingsThroughApi(org.request, t.id);
  const winnersFinal = pairings.filter((p) => p.group === 'winners').sort((a, b) => b.round - a.round)[0]!;
  const winnersChampion =
    winnersFinal.result!.outcome === 'player1' ? winnersFinal.player1 : winnersFinal.player2!;
  const grandFinal = pairings.find((p) => p.group === 'grand_final')!;
  expect(grandFinal.status).toBe('pending');
  const losersChampion = [grandFinal.player1, grandFinal.player2!].find((p) => p.id !== winnersChampion.id)!;

  // The organiser enters both finals on Partidas: the losers' champion wins the first, forcing the
  // reset, which the winners' champion wins.
  await org.goto(`/tournaments/${t.id}/matches`);
  const finalRound = org.getByRole('region', { name: 'Gran Final', exact: true });
  await expect(finalRound.getByText('Pendiente')).toBeVisible();
  await finalRound.getByRole('button', { name: 'Reportar resultado' }).click();
  let dialog = org.getByRole('dialog', { name: 'Reportar resultado' });
  await dialog.getByLabel(`Juegos ganados por ${losersChampion.username}`).fill('2');
  await dialog.getByLabel(`Juegos ganados por ${winnersChampion.username}`).fill('1');
  await dialog.getByRole('button', { name: 'Enviar resultado' }).click();
  await expect(finalRound.getByText('Finalizado')).toBeVisible();
  const reset = org.getByRole('region', { name: 'Gran Final (desempate)' });
  await expect(reset.getByText('Pendiente')).toBeVisible();
  expect((await tournamentThroughApi(org.request, t.id)).status).toBe('in_progress');
  await snap(org, testInfo, 'double-matches-reset');
  await reset.getByRole('button', { name: 'Reportar resultado' }).click();
  dialog = org.getByRole('dialog', { name: 'Reportar resultado' });
  await dialog.getByLabel(`Juegos ganados por ${winnersChampion.username}`).fill('2');
  await dialog.getByLabel(`Juegos ganados por ${losersChampion.username}`).fill('0');
  await dialog.getByRole('button', { name: 'Enviar resultado' }).click();
  await expect(reset.getByText('Finalizado')).toBeVisible();
  await checkScreen(org, testInfo, 'double-matches');

  const done = await tournamentThroughApi(org.request, t.id);
  expect(done.status).toBe('finished');
  expect(done.winner?.id).toBe(winnersChampion.id);

  // The bracket: winners', losers' and the grand final with its reset, all Finalizado, the champion.
  await org.goto(`/tournaments/${t.id}/bracket`);
  await expect(
    org.getByRole('alert').filter({ hasText: `Campeón: ${winnersChampion.username}` }),
  ).toBeVisible();
  await expect(org.getByRole('heading', { level: 2 })).toHaveText([
    'Bracket de Ganadores',
    'Bracket de Perdedores',
    'Gran Final',
  ]);
  const finals = org.getByRole('region', { name: 'Gran Final', exact: true }).first();
  await expect(finals.getByRole('heading', { level: 3 })).toHaveText([
    'Gran Final',
    'Gran Final (desempate)',
  ]);
  // Four players: winners 2 + 1, losers 1 + 1, the grand final and its reset; every one decided.
  const matches = org.getByRole('article');
  await expect(matches).toHaveCount(7);
  await expect(matches.getByText('Finalizado', { exact: true })).toHaveCount(7);
  const resetCard = finals.getByRole('region', { name: 'Gran Final (desempate)' }).getByRole('article');
  await expect(resetCard.getByText(winnersChampion.username)).toBeVisible();
  await expect(resetCard.getByRole('img', { name: 'Ganador' })).toHaveCount(1);
  await checkScreen(org, testInfo, 'double-bracket');

  await org.goto(`/tournaments/${t.id}/leaderboard`);
  const rows = org.getByRole('table', { name: 'Posiciones del torneo' }).locator('tbody').getByRole('row');
  await expect(rows).toHaveCount(4);
  await expect(rows.first()).toContainText(winnersChampion.username);
  await expect(rows.nth(1)).toContainText(losersChampion.username);
  await checkScreen(org, testInfo, 'double-leaderboard');
  await org.goto(`/tournaments/${t.id}`);
  await expect(org.getByText(`Ganador: ${winnersChampion.username}`)).toBeVisible();
  await checkScreen(org, testInfo, 'double-detail');
});
