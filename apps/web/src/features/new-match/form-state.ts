import {
  DEFAULT_MATCH_MODE,
  DEFAULT_TIER,
  HIGHLIGHTS,
  LIMITS,
  MATCH_MODE_VALUES,
  TIER_VALUES,
  playersPerTeam,
  type HighlightType,
  type MatchMode,
  type Tier,
} from '@mitos/domain/constants';
import * as MSG from '@mitos/domain/message-texts';
import { creationRefusal, type Recorder } from '@mitos/domain/match-transitions';
import {
  isAdmin,
  isReferee,
  officiates,
  tierRefusal,
  type CommunityActor,
} from '@mitos/domain/community-rules';
import { totalMatchesOf, winnerFromScores } from '@mitos/domain/match-rules';
import type { TCreateMatchCamel, TMatch, TTeam } from '@mitos/domain/matches';
import { recreationError } from '../../lib/new-match-navigation';

/** The deck a player of the form will play with. */
export interface FormDeck {
  id: number;
  name: string;
  raza: string;
}

export interface FormPlayer {
  userId: number;
  username: string;
  /** null until a deck is chosen (a recreated match whose deck was deleted). */
  deck: FormDeck | null;
}

export type TeamIndex = 0 | 1;

/** The state of the new-match form (SPEC §2 New match, §4 and §5). */
export interface NewMatchForm {
  mode: MatchMode;
  tier: Tier;
  teams: [FormPlayer[], FormPlayer[]];
  /** Victories of each team, which are its score. */
  scores: [number, number];
  highlights: HighlightType[];
  /** Games played, carried over from a recreated match; otherwise the sum of the scores. */
  totalMatches: number | null;
  /** The store it was played at (optional), and the league of an Arena match. */
  storeId: number | null;
  leagueId: number | null;
}

export function initialNewMatchForm(): NewMatchForm {
  return {
    mode: DEFAULT_MATCH_MODE,
    tier: DEFAULT_TIER,
    teams: [[], []],
    scores: [0, 0],
    highlights: [],
    totalMatches: null,
    storeId: null,
    leagueId: null,
  };
}

/** A tier of the Tipo de partida select: whether this recorder may pick it, and why not. */
export interface TierChoice {
  value: Tier;
  enabled: boolean;
  helper: string | null;
}

/**
 * Who may record which tier (docs/decisions/014): Amistoso anyone; Amistoso c/ Arbitro a referee
 * (an admin, a judge, the chosen store's organiser); Arena an organiser of some store or an
 * admin; Torneo never here. An unknown recorder gets Amistoso only.
 */
export function tierChoices(actor: CommunityActor | null, storeId: number | null): TierChoice[] {
  return TIER_VALUES.map((value) => {
    switch (value) {
      case 'Amistoso':
        return { value, enabled: true, helper: null };
      case 'Amistoso c/ Arbitro':
        return { value, enabled: actor !== null && isReferee(actor, storeId), helper: null };
      case 'Arena':
        return {
          value,
          enabled: actor !== null && (isAdmin(actor) || actor.organises.length > 0),
          helper: null,
        };
      case 'Torneo':
        return { value, enabled: false, helper: 'Se registra desde el torneo' };
    }
  });
}

/** The domain's refusal of the chosen tier, store and league for this recorder, or null. */
export function tierError(form: NewMatchForm, actor: CommunityActor | null): string | null {
  if (actor === null) return null;
  const league =
    form.leagueId === null || form.storeId === null ? null : { id: form.leagueId, storeId: form.storeId };
  return (
    tierRefusal(actor, { tier: form.tier, mode: form.mode, storeId: form.storeId, league })?.message ?? null
  );
}

/** A new store: the league chosen belonged to the previous one. */
export function setStore(form: NewMatchForm, storeId: number | null): NewMatchForm {
  return { ...form, storeId, leagueId: storeId === form.storeId ? form.leagueId : null };
}

/** Only an Arena match belongs to a league. */
export function setTier(form: NewMatchForm, tier: Tier): NewMatchForm {
  return { ...form, tier, leagueId: tier === 'Arena' ? form.leagueId : null };
}

function teamFullMessage(mode: MatchMode): string {
  return mode === '2v2' ? MSG.teamFull2v2 : MSG.teamFull1v1;
}

function withTeam(form: NewMatchForm, team: TeamIndex, players: FormPlayer[]): NewMatchForm {
  const teams: [FormPlayer[], FormPlayer[]] = [form.teams[0], form.teams[1]];
  teams[team] = players;
  return { ...form, teams };
}

/**
 * SPEC §4: the search input sits on team 1 until it is full, then on team 2, then on no team;
 * removing a player makes that team's input active again.
 */
export function activeTeam(form: NewMatchForm): TeamIndex | null {
  const size = playersPerTeam(form.mode);
  if (form.teams[0].length < size) return 0;
  if (form.teams[1].length < size) return 1;
  return null;
}

/** Why a player cannot join a team, or null when they can (SPEC §5). */
export function addPlayerError(form: NewMatchForm, team: TeamIndex, userId: number): string | null {
  if (form.teams.some((players) => players.some((p) => p.userId === userId)))
    return MSG.playerAlreadySelected;
  if (form.teams[team].length >= playersPerTeam(form.mode)) return teamFullMessage(form.mode);
  return null;
}

/** Adds a player with their deck; refused with the SPEC message when a rule forbids it. */
export function addPlayer(
  form: NewMatchForm,
  team: TeamIndex,
  player: FormPlayer,
): { form: NewMatchForm; error: null } | { form: NewMatchForm; error: string } {
  const error = addPlayerError(form, team, player.userId);
  if (error) return { form, error };
  if (!player.deck) return { form, error: MSG.noDefaultDeck };
  return { form: withTeam(form, team, [...form.teams[team], player]), error: null };
}

export function removePlayer(form: NewMatchForm, team: TeamIndex, userId: number): NewMatchForm {
  return withTeam(
    form,
    team,
    form.teams[team].filter((p) => p.userId !== userId),
  );
}

export function setPlayerDeck(
  form: NewMatchForm,
  team: TeamIndex,
  userId: number,
  deck: FormDeck,
): NewMatchForm {
  return withTeam(
    form,
    team,
    form.teams[team].map((p) => (p.userId === userId ? { ...p, deck } : p)),
  );
}

/** SPEC §4: switching mode trims the players beyond the new team size. */
export function setMode(form: NewMatchForm, mode: MatchMode): NewMatchForm {
  const size = playersPerTeam(mode);
  return { ...form, mode, teams: [form.teams[0].slice(0, size), form.teams[1].slice(0, size)] };
}

/** Score counters move by one and never go below 0 (nor above the largest score accepted). */
export function changeScore(form: NewMatchForm, team: TeamIndex, delta: number): NewMatchForm {
  const scores: [number, number] = [form.scores[0], form.scores[1]];
  scores[team] = Math.min(LIMITS.maxScore, Math.max(0, scores[team] + delta));
  return { ...form, scores };
}

export function canSelectMoreHighlights(form: Pick<NewMatchForm, 'highlights'>): boolean {
  return form.highlights.length < LIMITS.maxHighlights;
}

/** Turns a highlight on (while fewer than 3 are chosen) or off (always allowed). */
export function toggleHighlight(form: NewMatchForm, type: HighlightType): NewMatchForm {
  if (form.highlights.includes(type))
    return { ...form, highlights: form.highlights.filter((h) => h !== type) };
  if (!canSelectMoreHighlights(form)) return form;
  return { ...form, highlights: [...form.highlights, type] };
}

/** Every reason the form cannot be saved yet, in the order of SPEC §5; empty when it can. */
export function newMatchErrors(form: NewMatchForm): string[] {
  const errors: string[] = [];
  const size = playersPerTeam(form.mode);
  if (form.teams.some((players) => players.length !== size)) {
    errors.push(form.mode === '2v2' ? MSG.teamSize2v2 : MSG.teamSize1v1);
  }
  const withoutDeck = form.teams.flat().filter((p) => p.deck === null);
  if (withoutDeck.length > 0)
    errors.push(MSG.playersWithoutDeck(withoutDeck.map((p) => p.username).join(', ')));
  if (form.scores[0] + form.scores[1] < LIMITS.minTotalScore) errors.push(MSG.minVictories);
  return errors;
}

export function isNewMatchValid(form: NewMatchForm): boolean {
  return newMatchErrors(form).length === 0;
}

/** Who records the match: the signed-in player and their role. */
export type MatchRecorder = Recorder;

/**
 * The server's creation rule, known to the form (issue 14 item 2): the creator must play in the
 * match unless an organiser, or the match's official (the chosen store's organiser, the referee
 * of an Amistoso c/ Arbitro: `officiates`, when the community actor is known). Said once every
 * seat is taken, so it never nags a half-filled form; null when the recorder may save.
 */
export function recorderError(
  form: NewMatchForm,
  recorder: MatchRecorder,
  actor: CommunityActor | null = null,
): string | null {
  const size = playersPerTeam(form.mode);
  if (form.teams.some((players) => players.length < size)) return null;
  const playerIds = form.teams.flatMap((players) => players.map((p) => p.userId));
  const official = actor !== null && officiates(actor, form.tier, form.storeId);
  return creationRefusal(recorder, playerIds, official)?.message ?? null;
}

/** The camel-case creation payload of SPEC §3 for a valid form. */
export function toCreateMatchPayload(form: NewMatchForm): TCreateMatchCamel {
  const decksOf = (players: FormPlayer[]) =>
    players.flatMap((p) =>
      p.deck ? [{ id: p.deck.id, name: p.deck.name, raza: p.deck.raza, userId: p.userId }] : [],
    );
  const [score1, score2] = form.scores;
  return {
    matchMode: form.mode,
    tier: form.tier,
    team1Players: form.teams[0].map((p) => p.userId),
    team2Players: form.teams[1].map((p) => p.userId),
    team1Decks: decksOf(form.teams[0]),
    team2Decks: decksOf(form.teams[1]),
    team1Score: score1,
    team2Score: score2,
    winningTeam: winnerFromScores(score1, score2),
    highlights: form.highlights.map((type) => ({
      type,
      description: HIGHLIGHTS.find((h) => h.type === type)?.description ?? type,
    })),
    totalMatches: Math.max(form.totalMatches ?? 0, score1 + score2, LIMITS.minTotalScore),
    ...(form.storeId !== null ? { storeId: form.storeId } : {}),
    ...(form.storeId !== null && form.leagueId !== null && form.tier === 'Arena'
      ? { leagueId: form.leagueId }
      : {}),
  };
}

function formTeam(team: TTeam): FormPlayer[] {
  return team.players.map((p) => {
    const deck = team.decks.find((d) => d.user_id === p.user_id);
    return {
      userId: p.user_id,
      username: p.username,
      // A deck deleted since the match was recorded cannot be played again: the player picks another.
      deck:
        deck && deck.deck_id !== null
          ? { id: deck.deck_id, name: deck.deck_name || MSG.deckNoName, raza: deck.deck_raza }
          : null,
    };
  });
}

function isKnown<T extends string>(values: readonly T[], value: string): value is T {
  return (values as readonly string[]).includes(value);
}

/**
 * SPEC §4 Crear Nueva: the form of a rejected match being recorded again, with its mode, tier,
 * total games, both teams with their decks, victories equal to the scores, and highlights.
 * Refused with Datos de equipos incompletos when a team has no players.
 */
export function prefillFromMatch(
  match: Pick<TMatch, 'match_mode' | 'tier' | 'total_matches' | 'team1' | 'team2' | 'highlights'> &
    Partial<Pick<TMatch, 'store' | 'league'>>,
): { form: NewMatchForm; error: null } | { form: null; error: string } {
  const error = recreationError(match);
  if (error !== null) return { form: null, error };
  const mode = isKnown(MATCH_MODE_VALUES, match.match_mode) ? match.match_mode : DEFAULT_MATCH_MODE;
  const tier = isKnown(TIER_VALUES, match.tier) ? match.tier : DEFAULT_TIER;
  const highlights = [
    ...new Set(
      match.highlights
        .map((h) => h.type)
        .filter((t): t is HighlightType => HIGHLIGHTS.some((h) => h.type === t)),
    ),
  ].slice(0, LIMITS.maxHighlights);
  return {
    form: {
      mode,
      tier,
      teams: [formTeam(match.team1), formTeam(match.team2)],
      scores: [Math.max(0, match.team1.score), Math.max(0, match.team2.score)],
      highlights,
      totalMatches: totalMatchesOf(match),
      // Played at the same store, in the same league (only an Arena match has one).
      storeId: match.store?.id ?? null,
      leagueId: tier === 'Arena' && match.store ? (match.league?.id ?? null) : null,
    },
    error: null,
  };
}
