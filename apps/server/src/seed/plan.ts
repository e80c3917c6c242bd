import {
  HIGHLIGHT_TYPES,
  RACES,
  MATCH_GUARDS,
  type ApprovalStatus,
  type MatchMode,
  type PlayerApprovalStatus,
  type Race,
  type Tier,
  type UserRole,
} from '@mitos/domain/constants';
import type { MatchEventType } from '@mitos/domain/matches';
import { winnerFromScores } from '@mitos/domain/match-rules';
import {
  applyTransition,
  decideTransition,
  type MatchAction,
  type MatchState,
} from '@mitos/domain/match-transitions';
import { DECK_NAMES, DEMO_PLAYERS, FIRST_NAMES, SURNAMES } from './names';
import { Random } from './random';

/**
 * The demo data as plain objects, before any id exists: users, their decks, and matches whose
 * players, approvals and events tell one consistent story per state. Ids are indexes here; the
 * writer maps them to the ids the database hands out.
 */

export interface PlannedUser {
  username: string;
  email: string;
  role: UserRole;
  createdAt: Date;
  torCode: string;
}

/** SPEC §9: four game stores in Buenos Aires neighbourhoods, with their logos (seed/logos). */
export const DEMO_STORES = [
  { name: 'Dragón Dorado Games', neighborhood: 'Palermo', logo: 'dragon-dorado.svg' },
  { name: 'La Cripta del Mito', neighborhood: 'Caballito', logo: 'cripta-del-mito.svg' },
  { name: 'Torre de Cartas', neighborhood: 'Belgrano', logo: 'torre-de-cartas.svg' },
  { name: 'El Bastión TCG', neighborhood: 'San Telmo', logo: 'bastion-tcg.svg' },
] as const;

export interface PlannedSeason {
  name: string;
  startsOn: string;
  endsOn: string;
  closed: boolean;
}

export interface PlannedLeague {
  name: string;
  store: number;
  startsOn: string;
  finished: boolean;
  participants: number[];
}

export interface PlannedDeck {
  user: number;
  name: string;
  raza: Race;
  isDefault: boolean;
}

export interface PlannedPlayer {
  user: number;
  team: 1 | 2;
  position: number;
  deck: number;
  approvalStatus: PlayerApprovalStatus;
  statusUpdatedAt: Date | null;
}

export interface PlannedMatch {
  matchDate: Date;
  createdAt: Date;
  mode: MatchMode;
  tier: Tier;
  team1Score: number;
  team2Score: number;
  totalMatches: number;
  winningTeam: 'team1' | 'team2' | null;
  createdBy: number;
  lastUpdatedBy: number;
  approvalStatus: ApprovalStatus;
  status: string | null;
  approvalUpdatedAt: Date | null;
  players: PlannedPlayer[];
  highlights: string[];
  /** Where it was played (a DEMO_STORES index), its league and round, and its season's index. */
  store: number | null;
  league: number | null;
  round: number | null;
  season: number | null;
  /** `user` null: the server's own doing (an expiry). */
  events: { type: MatchEventType; user: number | null; at: Date }[];
}

export interface SeedPlan {
  users: PlannedUser[];
  decks: PlannedDeck[];
  matches: PlannedMatch[];
  seasons: PlannedSeason[];
  leagues: PlannedLeague[];
  /** Which stores each user organises (DEMO_STORES indexes). */
  organisers: { user: number; store: number }[];
}

export interface PlanOptions {
  players: number;
  matches: number;
  seed: number;
  now: Date;
}

/**
 * User 0 is the demo user, user 1 the tournament organiser (who also runs the first store),
 * user 2 the community's admin.
 */
export const DEMO_USER = 0;
export const ORGANISER = 1;
export const ADMIN = 2;

type Story =
  | { state: 'approved' }
  | { state: 'pending'; waitingFor?: number }
  | { state: 'rejected'; rejecter?: number; closedBy?: number }
  | { state: 'cancelled'; how: 'pending' | 'rejection' | 'expiry' };

interface Shape {
  teams: [number[], number[]];
  creator: number;
  story: Story;
  /** How far back the match may be, in days. */
  withinDays: number;
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

function planUsers(rng: Random, count: number, now: Date, spanDays: number): PlannedUser[] {
  const users: PlannedUser[] = [];
  const taken = new Set<string>();
  for (let i = 0; i < count; i++) {
    let username: string;
    let email: string;
    const known = DEMO_PLAYERS[i];
    if (known) {
      ({ username, email } = known);
    } else {
      const base = `${FIRST_NAMES[i % FIRST_NAMES.length]}_${SURNAMES[Math.floor(i / FIRST_NAMES.length) % SURNAMES.length]}`;
      const round = Math.floor(i / (FIRST_NAMES.length * SURNAMES.length));
      username = round === 0 ? base : `${base}${round + 1}`;
      email = `${username.replace('_', '.')}@demo.mitos.ar`;
    }
    if (taken.has(username)) throw new Error(`duplicate demo username ${username}`);
    taken.add(username);
    users.push({
      username,
      email,
      role: i === ORGANISER ? 'tournament_admin' : i === ADMIN ? 'admin' : 'player',
      createdAt: new Date(now.getTime() - (spanDays + rng.int(10, 400)) * DAY),
      torCode: `TOR${String(i + 1).padStart(3, '0')}`,
    });
  }
  return users;
}

function planDecks(rng: Random, users: number): { decks: PlannedDeck[]; byUser: number[][] } {
  const decks: PlannedDeck[] = [];
  const byUser: number[][] = [];
  for (let user = 0; user < users; user++) {
    const races = rng.sample(RACES, rng.int(2, 4));
    byUser.push(
      races.map((raza, i) => {
        decks.push({ user, name: rng.pick(DECK_NAMES[raza]), raza, isDefault: i === 0 });
        return decks.length - 1;
      }),
    );
  }
  return { decks, byUser };
}

/** The demo user's own matches: something on every screen, whatever the dice say. */
function demoShapes(rng: Random, users: number): Shape[] {
  const opponent = () => rng.int(1, users - 1);
  const vs = (creatorIsDemo: boolean, story: Story, withinDays: number): Shape => {
    const other = opponent();
    const demoFirst = rng.chance(0.5);
    const teams: [number[], number[]] = demoFirst ? [[DEMO_USER], [other]] : [[other], [DEMO_USER]];
    return { teams, creator: creatorIsDemo ? DEMO_USER : other, story, withinDays };
  };
  return [
    vs(false, { state: 'pending', waitingFor: DEMO_USER }, 3),
    vs(false, { state: 'pending', waitingFor: DEMO_USER }, 6),
    vs(false, { state: 'pending', waitingFor: DEMO_USER }, 10),
    vs(false, { state: 'pending', waitingFor: DEMO_USER }, 14),
    vs(true, { state: 'pending' }, 5),
    vs(true, { state: 'pending' }, 12),
    vs(true, { state: 'rejected' }, 1),
    vs(true, { state: 'rejected' }, REJECTED_DAYS),
    vs(true, { state: 'rejected', closedBy: DEMO_USER }, REJECTED_DAYS),
    vs(false, { state: 'rejected', rejecter: DEMO_USER }, REJECTED_DAYS),
    vs(true, { state: 'cancelled', how: 'expiry' }, 30),
    vs(true, { state: 'cancelled', how: 'pending' }, 40),
    vs(true, { state: 'cancelled', how: 'rejection' }, 50),
    ...Array.from({ length: 12 }, () => vs(rng.chance(0.5), { state: 'approved' }, 120)),
  ];
}

/** How long after it was played a match may still be waiting for approvals. */
const PENDING_DAYS = 21;
/**
 * Rejections still waiting to be processed are this recent: older ones have expired into
 * cancelled matches (decision 012), as the server's sweep would make them.
 */
const REJECTED_DAYS = Math.floor(MATCH_GUARDS.rejectedExpiryHours / 24) - 1;

function randomShape(rng: Random, users: number, spanDays: number): Shape {
  const twoVsTwo = users >= 4 && rng.chance(0.1);
  const chosen = rng.distinct(users, twoVsTwo ? 4 : 2);
  const teams: [number[], number[]] = twoVsTwo
    ? [chosen.slice(0, 2), chosen.slice(2)]
    : [[chosen[0]!], [chosen[1]!]];
  const organiserRecords = !chosen.includes(ORGANISER) && users > 2 && rng.chance(0.03);
  const creator = organiserRecords ? ORGANISER : rng.pick(chosen);
  // A match still waits for someone only in the weeks after it was played: a quarter of the last
  // three weeks' matches are pending, none older. So each player's inbox holds a handful of
  // matches however long the history grows, as at a real store.
  const recent = rng.chance(Math.min(1, PENDING_DAYS / spanDays));
  const state = rng.weighted<Story['state']>(
    recent
      ? [
          ['approved', 60],
          ['pending', 25],
          ['rejected', 8],
          ['cancelled', 7],
        ]
      : [
          ['approved', 85],
          ['rejected', 6],
          ['cancelled', 9],
        ],
  );
  // Of the recent rejections, those of the last days still wait; older ones have expired.
  const stillRejected = state === 'rejected' && rng.chance(REJECTED_DAYS / PENDING_DAYS);
  const story: Story =
    state === 'cancelled'
      ? { state, how: rng.chance(0.5) ? 'pending' : 'rejection' }
      : state === 'rejected'
        ? !stillRejected
          ? { state: 'cancelled', how: 'expiry' }
          : rng.chance(0.3)
            ? { state, closedBy: creator }
            : { state }
        : { state };
  const withinDays = stillRejected ? REJECTED_DAYS : recent ? PENDING_DAYS : spanDays;
  return { teams, creator, story, withinDays };
}

function scores(rng: Random): { team1: number; team2: number; total: number } {
  if (rng.chance(0.04)) return { team1: 1, team2: 1, total: rng.chance(0.5) ? 3 : 2 };
  const bestOf = rng.weighted([
    [3, 75],
    [5, 20],
    [1, 5],
  ]);
  const won = Math.ceil(bestOf / 2);
  const lost = rng.int(0, won - 1);
  return rng.chance(0.5)
    ? { team1: won, team2: lost, total: won + lost }
    : { team1: lost, team2: won, total: won + lost };
}

function buildMatch(rng: Random, shape: Shape, decksByUser: number[][], now: Date): PlannedMatch {
  const latest = now.getTime() - MINUTE;
  const matchDate = new Date(
    latest - rng.int(2 * 60 * MINUTE, Math.max(3 * 60 * MINUTE, shape.withinDays * DAY)),
  );
  const createdAt = new Date(Math.min(latest, matchDate.getTime() + rng.int(5, 180) * MINUTE));
  let clock = createdAt.getTime();
  const later = () => {
    clock = Math.min(latest, clock + rng.int(2 * MINUTE, 30 * 60 * MINUTE));
    return new Date(clock);
  };

  const { team1, team2, total } = scores(rng);
  const players: PlannedPlayer[] = shape.teams.flatMap((members, t) =>
    members.map((user, position) => {
      const own = decksByUser[user]!;
      const plays = user === shape.creator;
      return {
        user,
        team: (t + 1) as 1 | 2,
        position,
        deck: rng.chance(0.7) ? own[0]! : rng.pick(own),
        approvalStatus: plays ? ('approved' as const) : ('pending' as const),
        statusUpdatedAt: plays ? createdAt : null,
      };
    }),
  );
  const events: PlannedMatch['events'] = [{ type: 'created', user: shape.creator, at: createdAt }];
  if (players.some((p) => p.user === shape.creator))
    events.push({ type: 'approved', user: shape.creator, at: createdAt });

  const match: PlannedMatch = {
    matchDate,
    createdAt,
    mode: shape.teams[0].length === 2 ? '2v2' : '1v1',
    tier: rng.weighted<Tier>([
      ['Amistoso', 80],
      ['Torneo', 8],
      ['Arena', 7],
      ['Amistoso c/ Arbitro', 5],
    ]),
    team1Score: team1,
    team2Score: team2,
    totalMatches: total,
    winningTeam: winnerFromScores(team1, team2),
    createdBy: shape.creator,
    lastUpdatedBy: shape.creator,
    approvalStatus: 'pending',
    status: null,
    approvalUpdatedAt: null,
    players,
    store: null,
    league: null,
    round: null,
    season: null,
    highlights: rng.sample(
      HIGHLIGHT_TYPES,
      rng.weighted([
        [0, 45],
        [1, 30],
        [2, 17],
        [3, 8],
      ]),
    ),
    events,
  };

  // Every step goes through the app's own state machine, so the seeded histories are ones the
  // app could have written.
  const act = (actor: number | null, action: MatchAction, at: Date = later()) => {
    const state: MatchState = {
      approvalStatus: match.approvalStatus,
      createdBy: match.createdBy,
      players: players.map((p) => ({ userId: p.user, approvalStatus: p.approvalStatus })),
    };
    const decision = decideTransition(state, actor, action);
    if (!decision.ok)
      throw new Error(`seed story refused: ${action} by ${actor}: ${decision.refusal.message}`);
    const { effect } = decision;
    const next = applyTransition(state, actor, effect);
    players.forEach((p, i) => {
      const status = next.players[i]!.approvalStatus;
      if (status !== p.approvalStatus) {
        p.approvalStatus = status;
        p.statusUpdatedAt = at;
      }
    });
    if (effect.match) {
      match.approvalStatus = effect.match.approvalStatus;
      if (effect.match.status !== undefined) match.status = effect.match.status;
      match.approvalUpdatedAt = at;
    }
    if ((effect.match || effect.touch) && actor !== null) match.lastUpdatedBy = actor;
    events.push({ type: effect.event, user: actor, at });
  };

  const waiting = players.filter((p) => p.approvalStatus === 'pending').map((p) => p.user);
  const reject = (rejecter: number | undefined) => {
    const chosen = rejecter !== undefined && waiting.includes(rejecter) ? rejecter : rng.pick(waiting);
    for (const user of waiting) if (user !== chosen && rng.chance(0.3)) act(user, 'approve');
    act(chosen, 'reject');
  };

  const story = shape.story;
  switch (story.state) {
    case 'approved':
      for (const user of waiting) act(user, 'approve');
      break;
    case 'pending': {
      const stays = waiting.includes(story.waitingFor ?? -1) ? story.waitingFor : rng.pick(waiting);
      for (const user of waiting) if (user !== stays && rng.chance(0.5)) act(user, 'approve');
      break;
    }
    case 'rejected':
      reject(story.rejecter);
      if (story.closedBy !== undefined) act(story.closedBy, 'close-rejected');
      break;
    case 'cancelled': {
      if (story.how === 'pending') {
        act(shape.creator, 'cancel');
        break;
      }
      reject(undefined);
      const expiresAt = clock + MATCH_GUARDS.rejectedExpiryHours * 60 * MINUTE;
      if (story.how === 'expiry' && expiresAt < latest) act(null, 'expire', new Date(expiresAt));
      // Accepted by the creator (also a rejection too recent to have expired yet).
      else act(shape.creator, 'accept-rejection');
      break;
    }
  }
  return match;
}

/** Buenos Aires calendar day of an instant (UTC−3). */
function dayOf(at: Date): string {
  return new Date(at.getTime() - 3 * 60 * MINUTE).toISOString().slice(0, 10);
}

/**
 * The community around the matches: most matches were played at one of the four stores, each
 * store runs a league (its Arena matches), and every calendar year is a season, the current one
 * open. A match counts in the season of its day.
 */
function planCommunity(
  rng: Random,
  matches: PlannedMatch[],
  players: number,
  now: Date,
): Pick<SeedPlan, 'seasons' | 'leagues' | 'organisers'> {
  const thisYear = Number(dayOf(now).slice(0, 4));
  // A loop, not Math.min(...years): a million arguments overflow the stack (the bench's city run).
  const firstYear = matches.reduce(
    (first, m) => Math.min(first, Number(dayOf(m.matchDate).slice(0, 4))),
    thisYear,
  );
  const seasons: PlannedSeason[] = [];
  for (let year = firstYear; year <= thisYear; year++)
    seasons.push({
      name: `Temporada ${year}`,
      startsOn: `${year}-01-01`,
      endsOn: `${year}-12-31`,
      closed: year !== thisYear,
    });
  const leagueStart = (daysAgo: number) => dayOf(new Date(now.getTime() - daysAgo * DAY));
  const leagues: PlannedLeague[] = DEMO_STORES.flatMap((store, index) => [
    { name: `Liga ${store.neighborhood}`, store: index, startsOn: '', finished: false, participants: [] },
    {
      name: index % 2 === 0 ? `Copa de Verano ${store.neighborhood}` : `Liga Clausura ${store.neighborhood}`,
      store: index,
      startsOn: index % 2 === 0 ? leagueStart(-20) : leagueStart(400),
      finished: index % 2 === 1,
      participants: [],
    },
  ]);
  const joined = leagues.map(() => new Set<number>());
  for (const match of matches) {
    match.season = Number(dayOf(match.matchDate).slice(0, 4)) - firstYear;
    if (rng.chance(0.1) && match.tier !== 'Arena') continue;
    match.store = rng.int(0, DEMO_STORES.length - 1);
    if (match.tier === 'Arena') {
      match.league = match.store * 2;
      match.round = rng.int(1, 6);
      for (const p of match.players) joined[match.league]!.add(p.user);
    }
  }
  leagues.forEach((league, i) => {
    if (!league.startsOn) {
      const arena = matches.filter((m) => m.league === i).map((m) => dayOf(m.matchDate));
      league.startsOn = [leagueStart(90), ...arena].sort()[0]!;
    }
    const signUps = league.startsOn > dayOf(now) ? 0.15 : 0.3;
    for (let user = 0; user < players; user++) if (rng.chance(signUps)) joined[i]!.add(user);
    league.participants = [...joined[i]!].sort((a, b) => a - b);
  });
  const organisers = players > ORGANISER ? [{ user: ORGANISER, store: 0 }] : [];
  return { seasons, leagues, organisers };
}

export function planSeed(options: PlanOptions): SeedPlan {
  if (options.players < 2) throw new Error('the demo needs at least 2 players');
  const rng = new Random(options.seed);
  const spanDays = Math.min(1500, Math.max(120, Math.ceil(options.matches / 30)));
  const users = planUsers(rng, options.players, options.now, spanDays);
  const { decks, byUser } = planDecks(rng, options.players);
  const demo = demoShapes(rng, options.players).slice(0, options.matches);
  const shapes = [
    ...demo,
    ...Array.from({ length: options.matches - demo.length }, () =>
      randomShape(rng, options.players, spanDays),
    ),
  ];
  const matches = shapes.map((shape) => buildMatch(rng, shape, byUser, options.now));
  return { users, decks, matches, ...planCommunity(rng, matches, options.players, options.now) };
}
