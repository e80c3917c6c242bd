import type { CachedRead } from '../cache/cached-read';
import { MATCH_GUARDS } from '@mitos/domain/constants';
import { MSG } from '@mitos/domain/messages';
import type { NormalizedMatchInput, TApprovedSearchQuery, TMatch } from '@mitos/domain/matches';
import { matchStateOf, resolveMatchInput, type ResolvedMatchInput } from '@mitos/domain/match-rules';
import { communityDay, officiates, tierRefusal } from '@mitos/domain/community-rules';
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import { foreignKeyViolation } from '../db/errors';
import { badRequest, conflict, notFound, refusalError } from '../errors';
import type { SessionUser } from '../auth/session';
import { decodeCursor, pageAnswer, toPage, type Page } from './cursor';
import {
  creationLimitRefusal,
  creationRefusal,
  decideTransition,
  isInvolved,
  limitsCreations,
  type MatchAction,
  type RecentCreations,
  type TransitionEffect,
} from '@mitos/domain/match-transitions';
import type { CommunityActor } from '@mitos/domain/community-rules';
import { communityActor } from '../community/actor';
import { storeExists } from '../rankings/repository';
import { applyCounts, linesOf } from '../rankings/tallies';
import { presentMatch } from './presenter';
import { settleTournamentMatch } from '../tournaments/progress';
import { pushMatchRecorded, pushMatchRejected } from '../push/events';
import * as lists from './repository/lists';
import { loadMatches, type MatchBundle, type MatchRow } from './repository/load';
import * as writes from './repository/writes';
import { bindKey, claimKey } from '../requests/keys';

export interface ListQuery {
  limit: number;
  before?: string | undefined;
}

function firstError(errors: Record<string, string[]>): string {
  return Object.values(errors)[0]?.[0] ?? MSG.badRequest;
}

async function present(ctx: AppContext, ids: readonly number[]): Promise<TMatch[]> {
  return (await loadMatches(ctx.database.db, ids)).map((m) => presentMatch(m, ctx.config.pendingMatchDelays));
}

export async function getMatch(ctx: AppContext, id: number): Promise<TMatch> {
  const [match] = await present(ctx, [id]);
  if (!match) throw notFound(MSG.matchNotFound);
  return match;
}

/** One of the user's own matches; someone else's answers 404 like a missing one. */
export async function getOwnMatch(ctx: AppContext, userId: number, id: number): Promise<TMatch> {
  const match = await getMatch(ctx, id);
  if (!isInvolved(matchStateOf(match), userId)) throw notFound(MSG.matchNotFound);
  return match;
}

// ---------------------------------------------------------------------------------------------
// Creation
// ---------------------------------------------------------------------------------------------

interface DeckChoice {
  id: number;
  userId: number;
  name: string;
  raza: string;
}

/**
 * Pairs each team's deck ids with its players by the decks' owners: every deck belongs to a
 * player of that team and every player uses exactly one.
 */
function pairDecks(
  input: NormalizedMatchInput,
  decks: readonly DeckChoice[],
  usernames: ReadonlyMap<number, string>,
): { byPlayer: Map<number, DeckChoice>; errors: Record<string, string[]> } {
  const byId = new Map(decks.map((d) => [d.id, d]));
  const byPlayer = new Map<number, DeckChoice>();
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string) => {
    const list = (errors[field] ??= []);
    if (!list.includes(message)) list.push(message);
  };
  input.teams.forEach((team, i) => {
    const field = `team${i + 1}_decks`;
    const chosen = new Map<number, number>();
    for (const deckId of team.decks) {
      const deck = byId.get(deckId);
      if (!deck || !team.players.includes(deck.userId)) {
        add(field, MSG.deckNotOwned);
        continue;
      }
      chosen.set(deck.userId, (chosen.get(deck.userId) ?? 0) + 1);
      byPlayer.set(deck.userId, deck);
    }
    const without = team.players.filter((id) => !chosen.has(id));
    if (without.length > 0) {
      add(field, MSG.playersWithoutDeck(without.map((id) => usernames.get(id) ?? String(id)).join(', ')));
    }
    if ([...chosen.values()].some((n) => n > 1)) add(field, MSG.deckPerPlayer);
  });
  return { byPlayer, errors };
}

/**
 * Records a match. The creator must play unless an organiser; a creator who plays has approved
 * already.
 */
export async function createMatch(
  ctx: AppContext,
  actor: SessionUser,
  input: NormalizedMatchInput,
  /** The request's Idempotency-Key (docs/decisions/018): a repeat answers the match it created. */
  key?: string,
): Promise<TMatch> {
  const playerIds = input.teams.flatMap((t) => t.players);
  // Whether a recorder who does not play is the match's official is known once its store is read.
  const mayOfficiate = input.storeId !== null || input.leagueId !== null || actor.role === 'judge';
  const refusal = creationRefusal(actor, playerIds);
  if (refusal && !mayOfficiate) throw refusalError(refusal);
  const resolved = resolveMatchInput(input, new Date());
  if (!resolved.ok) throw badRequest(firstError(resolved.errors), resolved.errors);

  // One transaction that announces the new match to everyone in it. Players are limited in what
  // they record (decision 012): their recordings run one at a time, under a lock per creator taken
  // before the counts are read, so concurrent requests cannot overshoot the limits.
  const request = key === undefined ? undefined : { userId: actor.id, key, action: 'create' as const };
  const written = await ctx.changes.commit(async (tx, announce) => {
    // Claimed first: a repeat neither waits for nor counts against the limits below.
    const replay = request ? await claimKey(tx, request, null) : null;
    if (replay) return replay;
    const limited = limitsCreations(actor);
    if (limited) await writes.lockCreations(tx, actor.id);
    const deckIds = [...new Set(input.teams.flatMap((t) => t.decks))];
    const found = await writes.readForRecording(
      tx,
      [...new Set([...playerIds, actor.id])],
      deckIds,
      limited ? { id: actor.id, since: new Date(Date.now() - HOUR_MS) } : null,
      {
        storeId: input.storeId,
        leagueId: input.leagueId,
        day: communityDay(resolved.value.matchDate),
        actorId: actor.id,
        // Only a tier or a place asks who organises what (tierRefusal, officiates).
        organises: input.tier !== 'Amistoso' || input.storeId !== null || input.leagueId !== null,
      },
    );
    if (limited) {
      const refusal = creationLimitRefusal(
        actor,
        recentCreations(found, actor, playerIds),
        ctx.config.matchLimits,
      );
      if (refusal) throw refusalError(refusal);
    }
    const bundle = await recordMatch(tx, actor, input, resolved.value, found);
    if (request) await bindKey(tx, request, bundle.match.id);
    announce({ matches: [actor.id, ...playerIds] });
    return bundle;
  });
  // A repeat of a key answers the match as it is now, and its players heard of it the first time.
  if ('replay' in written) return getMatch(ctx, written.replay);
  const match = presentMatch(written, ctx.config.pendingMatchDelays);
  pushMatchRecorded(ctx, match);
  return match;
}

const HOUR_MS = 60 * 60 * 1000;

/**
 * What the limits of decision 012 look at: the creator's matches of the last hour, and those
 * waiting for each other player's answer (in the order of the players).
 */
function recentCreations(
  found: writes.PlayersForRecording,
  actor: SessionUser,
  playerIds: readonly number[],
): RecentCreations {
  const byId = new Map(found.players.map((p) => [p.id, p]));
  const others = [...new Set(playerIds)].filter((id) => id !== actor.id);
  return {
    lastHour: found.createdSince,
    waitingOn: others.flatMap((id) => {
      const player = byId.get(id);
      return player && player.waitingOnCreator > 0
        ? [{ username: player.username, pending: player.waitingOnCreator }]
        : [];
    }),
  };
}

/**
 * Checks the players and decks read, then writes the match in one statement; answers the match
 * as written. Each player's deck is copied as it is now, so later deck changes leave history alone.
 */
async function recordMatch(
  db: Tx,
  actor: SessionUser,
  input: NormalizedMatchInput,
  { matchDate, winningTeam, totalMatches, highlights }: ResolvedMatchInput,
  { players: found, place }: writes.PlayersForRecording,
): Promise<MatchBundle> {
  const playerIds = input.teams.flatMap((t) => t.players);
  const usernames = new Map(found.map((u) => [u.id, u.username]));
  const missing: Record<string, string[]> = {};
  input.teams.forEach((team, i) => {
    if (team.players.some((p) => !usernames.has(p))) missing[`team${i + 1}_players`] = [MSG.playerNotFound];
  });
  if (Object.keys(missing).length > 0) throw badRequest(MSG.playerNotFound, missing);

  const decks = found.filter((u) => playerIds.includes(u.id)).flatMap((u) => u.decks);
  const { byPlayer, errors } = pairDecks(input, decks, usernames);
  if (Object.keys(errors).length > 0) throw badRequest(firstError(errors), errors);
  const { store, league, season } = placeOf(actor, input, place);
  const official = officiates(
    { id: actor.id, role: actor.role, organises: place.organises },
    input.tier,
    store?.id ?? null,
  );
  const refusal = creationRefusal(actor, playerIds, official);
  if (refusal) throw refusalError(refusal);

  const now = new Date();
  const players = input.teams.flatMap((team, i) =>
    team.players.map((userId, position) => {
      const deck = byPlayer.get(userId)!;
      const approved = userId === actor.id;
      return {
        userId,
        team: i + 1,
        position,
        approvalStatus: approved ? 'approved' : 'pending',
        statusUpdatedAt: approved ? now : null,
        deckId: deck.id,
        deckName: deck.name,
        deckRaza: deck.raza,
      };
    }),
  );
  const events = [
    { type: 'created' as const, userId: actor.id, at: now },
    ...(playerIds.includes(actor.id) ? [{ type: 'approved' as const, userId: actor.id, at: now }] : []),
  ];
  // One statement: what was read above cannot change in a way that matters (users are never
  // deleted, decks never change hands) except a deck deleted meanwhile, which the foreign key
  // refuses.
  let match: MatchRow;
  try {
    match = await writes.insertMatch(db, {
      match: {
        matchDate,
        matchMode: input.mode,
        tier: input.tier,
        winningTeam,
        team1Score: input.teams[0].score,
        team2Score: input.teams[1].score,
        totalMatches,
        createdAt: now,
        createdBy: actor.id,
        lastUpdatedBy: actor.id,
        storeId: store?.id ?? null,
        leagueId: league?.id ?? null,
        seasonId: season?.id ?? null,
      },
      players,
      highlights,
      events,
    });
  } catch (err) {
    if (foreignKeyViolation(err) === writes.DECK_FOREIGN_KEY) throw badRequest(MSG.deckNotOwned);
    throw err;
  }
  // The answer is built from what was written: reading it back would cost as much as writing it.
  return {
    match,
    createdByUsername: usernames.get(actor.id) ?? null,
    store: store && { id: store.id, name: store.name },
    league: league && { id: league.id, name: league.name },
    players: players.map((p) => ({
      ...p,
      matchId: match.id,
      matchDate: match.matchDate,
      matchStatus: match.approvalStatus,
      reminders: 0,
      remindedAt: null,
      username: usernames.get(p.userId)!,
    })),
    highlights: [...highlights],
    events: events.map((e) => ({ ...e, username: usernames.get(e.userId) ?? null })),
  };
}

/**
 * Where the match was played, checked against what the database holds (docs/decisions/014): the
 * store exists and is active, the league exists and is not finished (its store stands in when
 * none is named), the recorder may record this tier there (tierRefusal), and the season holding
 * the match's day is open. No season holds it: the match counts for no ranking.
 */
function placeOf(actor: SessionUser, input: NormalizedMatchInput, place: writes.MatchPlace) {
  const named = input.storeId !== null ? place.store : null;
  if (input.storeId !== null) {
    if (!named) throw badRequest(MSG.storeNotFound);
    if (!named.active) throw badRequest(MSG.storeInactive);
  }
  const league = input.leagueId !== null ? place.league : null;
  if (input.leagueId !== null) {
    if (!league) throw badRequest(MSG.leagueNotFound);
    if (league.finished) throw badRequest(MSG.leagueFinished);
  }
  const refusal = tierRefusal(
    { id: actor.id, role: actor.role, organises: place.organises },
    {
      tier: input.tier,
      mode: input.mode,
      storeId: input.storeId,
      league: league && { id: league.id, storeId: league.store.id },
    },
  );
  if (refusal) throw refusalError(refusal);
  const store = named ?? league?.store ?? null;
  if (store && !store.active) throw badRequest(MSG.storeInactive);
  if (place.season?.closed) throw badRequest(MSG.seasonClosed(place.season.name));
  return { store, league, season: place.season };
}

// ---------------------------------------------------------------------------------------------
// Transitions: each one transaction holding the match row, deciding on the state it sees after
// taking the lock, so concurrent requests on one match apply one after the other.
// ---------------------------------------------------------------------------------------------

interface TransitionOptions {
  /** Whose lists change: everyone involved, or only the actor's (closing a rejected match). */
  notify?: 'involved' | 'actor';
  /** Checked under the lock before the rules: true leaves the match as it is (a repeat). */
  alreadyDone?: (tx: Tx) => Promise<boolean>;
  /** A refusal writes nothing and answers the match instead of an error (the expiry sweep). */
  quiet?: boolean;
  /** The actor as the community rules see them, for the actions that ask (annul). */
  who?: (tx: Tx) => Promise<CommunityActor>;
  /** An Idempotency-Key (decision 018): claimed under the lock; a repeat answers the match as it is. */
  key?: { key: string; action: 'approve' | 'reject' };
  /** Told whether the key was a repeat, so the caller does not announce the action twice. */
  outcome?: { replayed: boolean };
}

/**
 * What a transition does to the season's counts (the standings and the metagame's race tallies):
 * a match that becomes approved is added, an annulled one taken away; a match without a season
 * counts nowhere.
 */
function countsSign(effect: TransitionEffect, seasonId: number | null): 1 | -1 | undefined {
  if (seasonId === null) return undefined;
  if (effect.match?.approvalStatus === 'approved') return 1;
  if (effect.event === 'annulled') return -1;
  return undefined;
}

/**
 * One action on one match: under the match's lock, the state machine (packages/domain
 * match-transitions) decides on the state as it is now, and the repository writes its effect.
 * Answers the match as it is afterwards, or null when `quiet` and nothing was written.
 */
async function transition(
  ctx: AppContext,
  actor: number | null,
  matchId: number,
  action: MatchAction,
  options: TransitionOptions = {},
): Promise<TMatch | null> {
  const after = await ctx.changes.commit(async (tx, announce) => {
    const locked = await writes.lockMatch(tx, matchId, actor);
    if (!locked) throw notFound(MSG.matchNotFound);
    if (options.key && actor !== null && (await claimKey(tx, { userId: actor, ...options.key }, matchId))) {
      if (options.outcome) options.outcome.replayed = true;
      return undefined;
    }
    if (options.alreadyDone && (await options.alreadyDone(tx))) return undefined;
    const state = writes.stateOf(locked);
    const tournamentId = locked.match.tournamentId;
    // A tournament's result is corrected from the tournament, where the bracket follows it.
    if (action === 'annul' && tournamentId !== null) throw conflict(MSG.tournamentAnnulFromTournament);
    const who = options.who ? await options.who(tx) : undefined;
    const decision = decideTransition(state, actor, action, who);
    if (!decision.ok) {
      if (options.quiet) return null;
      throw refusalError(decision.refusal);
    }
    const counts = countsSign(decision.effect, locked.match.seasonId);
    // The lines an approval adds are part of its one statement.
    const write = {
      ...decision.effect,
      matchId,
      actor,
      at: new Date(),
      ...(counts === 1 ? { addsLines: linesOf({ ...locked.match, players: locked.players }, 1) } : {}),
    };
    const written = await writes.writeTransition(tx, write);
    if (counts === -1) await applyCounts(tx, matchId, -1);
    const settled = decision.effect.match?.approvalStatus;
    if (tournamentId !== null && settled !== undefined && settled !== 'pending')
      await settleTournamentMatch(tx, tournamentId, matchId, settled);
    announce({
      matches:
        options.notify === 'actor' && actor !== null
          ? [actor]
          : [state.createdBy, ...state.players.map((p) => p.userId)],
      ...(counts ? { standings: true } : {}),
      ...(tournamentId !== null ? { community: true } : {}),
    });
    // The answer is the locked match with the same changes applied: no second read.
    return writes.afterTransition(locked, write, written);
  });
  if (after === null) return null;
  return after ? presentMatch(after, ctx.config.pendingMatchDelays) : getMatch(ctx, matchId);
}

async function act(
  ctx: AppContext,
  userId: number,
  matchId: number,
  action: MatchAction,
  options?: TransitionOptions,
) {
  return (await transition(ctx, userId, matchId, action, options))!;
}

/** The caller's entry becomes approved; the last approval makes the match approved. */
export function approveMatch(
  ctx: AppContext,
  userId: number,
  matchId: number,
  key?: string,
): Promise<TMatch> {
  return act(ctx, userId, matchId, 'approve', key === undefined ? {} : { key: { key, action: 'approve' } });
}

export async function rejectMatch(
  ctx: AppContext,
  userId: number,
  matchId: number,
  key?: string,
): Promise<TMatch> {
  const outcome = { replayed: false };
  const match = await act(ctx, userId, matchId, 'reject', {
    outcome,
    ...(key === undefined ? {} : { key: { key, action: 'reject' as const } }),
  });
  // A repeat of the key rejected nothing: the rejection was pushed the first time.
  if (!outcome.replayed) pushMatchRejected(ctx, match, userId);
  return match;
}

/**
 * The creator withdraws a pending match, or a rejected one is processed (decision 012); an
 * escalated match is also cancelled by its store's organiser or an admin (decision 020).
 */
export function cancelMatch(ctx: AppContext, user: SessionUser, matchId: number): Promise<TMatch> {
  return act(ctx, user.id, matchId, 'cancel', { who: (tx) => communityActor(tx, user) });
}

/**
 * Confirmar: the store's organiser or an admin approves an escalated match for the players who did
 * not answer; it counts like any approved match (decision 020).
 */
export function confirmMatch(ctx: AppContext, user: SessionUser, matchId: number): Promise<TMatch> {
  return act(ctx, user.id, matchId, 'confirm', { who: (tx) => communityActor(tx, user) });
}

/** Aceptar Rechazo: the rejected match is cancelled and marked processed. */
export function acceptRejection(ctx: AppContext, userId: number, matchId: number): Promise<TMatch> {
  return act(ctx, userId, matchId, 'accept-rejection');
}

/**
 * Anular: an admin, or an organiser of the store it was played at, cancels an approved match; its
 * points leave its season's rankings (docs/decisions/014).
 */
export function annulMatch(ctx: AppContext, user: SessionUser, matchId: number): Promise<TMatch> {
  return act(ctx, user.id, matchId, 'annul', { who: (tx) => communityActor(tx, user) });
}

/**
 * Removes a rejected match from the caller's rejected list only; asking again changes nothing,
 * even once the match was handled.
 */
export function closeRejected(ctx: AppContext, userId: number, matchId: number): Promise<TMatch> {
  return act(ctx, userId, matchId, 'close-rejected', {
    notify: 'actor',
    alreadyDone: (tx) => writes.hasEvent(tx, matchId, userId, 'closed'),
  });
}

/**
 * A rejected match nobody processed within MATCH_GUARDS.rejectedExpiryHours is cancelled by the
 * server (event "expired"), so that matches a creator leaves rejected stop counting against the
 * approval rate of the player who rejected them (decision 012). Each match is decided under its
 * lock, so processes sweeping at once expire it once. Answers how many matches expired.
 */
export async function expireRejected(ctx: AppContext, now: Date = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - MATCH_GUARDS.rejectedExpiryHours * HOUR_MS);
  let expired = 0;
  for (;;) {
    const due = await writes.rejectedBefore(ctx.database.db, cutoff, EXPIRY_BATCH);
    for (const id of due) {
      if (await transition(ctx, null, id, 'expire', { quiet: true })) expired += 1;
    }
    if (due.length < EXPIRY_BATCH) return expired;
  }
}

const EXPIRY_BATCH = 200;

// ---------------------------------------------------------------------------------------------
// Lists
// ---------------------------------------------------------------------------------------------

/** A page of a list, as its rows' ids from `fetch`, presented whole. */
export async function pageOf(
  ctx: AppContext,
  query: ListQuery,
  fetch: (after: ReturnType<typeof decodeCursor> | undefined) => Promise<lists.KeyedId[]>,
): Promise<Page<TMatch>> {
  const after = query.before === undefined ? undefined : decodeCursor(query.before);
  const page = toPage(await fetch(after), query.limit);
  return {
    items: await present(
      ctx,
      page.items.map((r) => r.id),
    ),
    next: page.next,
  };
}

export function listOwn(ctx: AppContext, userId: number, query: ListQuery): Promise<Page<TMatch>> {
  return pageOf(ctx, query, (after) => lists.ownPage(ctx.database.db, userId, query.limit, after));
}

/**
 * A list of the user's own, kept until a match they play in or created changes, or the community
 * does (a match shows its store's and league's names).
 */
export function ownListRead<Q>(
  list: string,
  load: (ctx: AppContext, userId: number, query: Q) => Promise<Page<TMatch>>,
): CachedRead<AppContext, { userId: number; query: Q }> {
  return {
    key: ({ userId, query }) => `${list}:${userId}:${JSON.stringify(query)}`,
    topics: ({ userId }) => [`matches:${userId}`, 'community'],
    read: async (ctx, { userId, query }) => pageAnswer(await load(ctx, userId, query)),
  };
}

/** GET /api/matches/me. */
export const ownRead = ownListRead('me', listOwn);

/** GET /api/matches/all-approved (the home search): kept until any match (or store name) changes. */
export const approvedRead: CachedRead<AppContext, TApprovedSearchQuery> = {
  key: (query) => `approved:${JSON.stringify(query)}`,
  topics: () => ['matches', 'community'],
  read: async (ctx, query) => pageAnswer(await listApproved(ctx, query)),
};

export function listApproved(ctx: AppContext, query: TApprovedSearchQuery): Promise<Page<TMatch>> {
  const filter: lists.ApprovedFilter = {
    ...(query.from ? { from: new Date(query.from) } : {}),
    ...(query.to ? { to: new Date(query.to) } : {}),
    players: [...(query.team1 ?? []), ...(query.team2 ?? [])],
  };
  return pageOf(ctx, query, (after) => lists.approvedPage(ctx.database.db, filter, query.limit, after));
}

/** A store's approved matches, newest first; null when the store does not exist. */
export async function listStoreMatches(
  ctx: AppContext,
  storeId: number,
  query: ListQuery,
): Promise<Page<TMatch> | null> {
  if (!(await storeExists(ctx.database.db, storeId))) return null;
  return pageOf(ctx, query, (after) => lists.storePage(ctx.database.db, storeId, query.limit, after));
}

/** GET /api/stores/:id/matches: kept until any match or the community (a store) changes. */
export const storeMatchesRead: CachedRead<AppContext, { storeId: number; query: ListQuery }> = {
  key: ({ storeId, query }) => `store-matches:${storeId}:${JSON.stringify(query)}`,
  topics: () => ['matches', 'community'],
  read: async (ctx, { storeId, query }) => {
    const page = await listStoreMatches(ctx, storeId, query);
    return page && pageAnswer(page);
  },
};
