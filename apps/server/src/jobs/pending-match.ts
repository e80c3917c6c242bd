import { communityLongDay } from '@mitos/domain/community-rules';
import { decideTransition, waitingPlayers, type MatchAction } from '@mitos/domain/match-transitions';
import type { Changes } from '../changes/feed';
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import type { PushKind, PushMessage } from '../push/contract';
import * as writes from '../matches/repository/writes';
import { deleteJob, moveJob, organisersOf, remindWaiting, type JobRow } from './repository';

/** The job of a pending match (docs/decisions/020): one per match, created by migration 0009's trigger. */
export const PENDING_MATCH_JOB = 'pending-match';

/**
 * Its steps: 0 plans the others from the configured delays (the trigger that creates the job
 * does not know them), 1 and 2 remind the players who have not answered, 3 applies the final rule.
 */
export const STEP = { plan: 0, firstReminder: 1, secondReminder: 2, finalRule: 3 } as const;

/** A push to send once the step has committed. */
export interface PendingPush {
  userIds: number[];
  kind: PushKind;
  message: PushMessage;
}

/** What a step did, for the runner to follow up after its commit. */
export interface StepOutcome {
  pushes: PendingPush[];
}

/**
 * One step of a pending match's job, in the runner's transaction (which holds the job's row),
 * under the match's lock: the state machine decides on the match as it is now. A match that is no
 * longer waiting (answered, cancelled, escalated, gone) deletes its job.
 */
export async function runPendingMatchStep(
  ctx: AppContext,
  tx: Tx,
  announce: (changes: Changes) => void,
  job: JobRow,
  now: Date,
): Promise<StepOutcome> {
  const none: StepOutcome = { pushes: [] };
  const locked = job.matchId === null ? undefined : await writes.lockMatch(tx, job.matchId, null);
  if (!locked) {
    await deleteJob(tx, job.id);
    return none;
  }
  const state = writes.stateOf(locked);
  const matchId = locked.match.id;
  const involved = [state.createdBy, ...state.players.map((p) => p.userId)];
  const delays = ctx.config.pendingMatchDelays;
  const after = (ms: number) => new Date(locked.match.createdAt.getTime() + ms);
  const tournament = locked.match.tournamentId !== null;

  if (job.step === STEP.plan) {
    if (!decideTransition(state, null, 'remind').ok) await deleteJob(tx, job.id);
    else await moveJob(tx, job.id, STEP.firstReminder, after(delays.firstReminderMs));
    return none;
  }

  if (job.step === STEP.firstReminder || job.step === STEP.secondReminder) {
    const decision = decideTransition(state, null, 'remind');
    if (!decision.ok) {
      await deleteJob(tx, job.id);
      return none;
    }
    const reminded = await remindWaiting(tx, matchId, now);
    await writes.writeTransition(tx, { ...decision.effect, matchId, actor: null, at: now });
    announce({ matches: involved });
    if (job.step === STEP.firstReminder)
      await moveJob(tx, job.id, STEP.secondReminder, after(delays.secondReminderMs));
    // A tournament's match is settled by its round's closing (decision 015): reminders only.
    else if (tournament) await deleteJob(tx, job.id);
    else await moveJob(tx, job.id, STEP.finalRule, after(delays.finalRuleMs));
    const deadline = communityLongDay(after(delays.finalRuleMs), false);
    const body = tournament
      ? 'Una partida de torneo espera tu respuesta.'
      : locked.match.storeId !== null
        ? `Una partida espera tu respuesta. Si no respondes, el ${deadline} pasa al organizador de la tienda.`
        : `Una partida espera tu respuesta. Si no respondes, vence el ${deadline}.`;
    return {
      pushes: [
        {
          userIds: reminded,
          kind: 'reminder',
          message: { title: 'Recordatorio', body, url: `/match/${matchId}`, tag: `reminder-${matchId}` },
        },
      ],
    };
  }

  // The final rule: to the store's organisers, or expired; a tournament's match never gets here.
  const action: MatchAction = locked.match.storeId !== null ? 'escalate' : 'expire-pending';
  const decision = decideTransition(state, null, action);
  await deleteJob(tx, job.id);
  if (!decision.ok) return none;
  const waiting = waitingPlayers(state);
  await writes.writeTransition(tx, { ...decision.effect, matchId, actor: null, at: now });
  if (action === 'expire-pending') {
    announce({ matches: involved });
    return none;
  }
  const organisers = await organisersOf(tx, locked.match.storeId!);
  announce({ matches: [...involved, ...organisers] });
  return {
    pushes: [
      {
        userIds: organisers,
        kind: 'reminder',
        message: {
          title: 'Partida para confirmar',
          body: `Nadie respondió una partida jugada en ${locked.store?.name ?? 'tu tienda'}: confírmala o cancélala.`,
          url: `/match/${matchId}`,
          tag: `escalated-${matchId}`,
        },
      },
      ...(waiting.length > 0
        ? [
            {
              userIds: waiting,
              kind: 'reminder' as const,
              message: {
                title: 'Recordatorio',
                body: 'Una partida que no respondiste pasó al organizador de la tienda; todavía puedes responderla.',
                url: `/match/${matchId}`,
                tag: `reminder-${matchId}`,
              },
            },
          ]
        : []),
    ],
  };
}
