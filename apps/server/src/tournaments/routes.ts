import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { ZErrorResponse, ZIdParams, ZSuccess } from '@mitos/domain/common';
import { MSG } from '@mitos/domain/messages';
import {
  ZAnnouncementInput,
  ZBracketView,
  ZCheckInInput,
  ZCloseRoundInput,
  ZCorrectionInput,
  ZCorrectionResult,
  ZPairRoundInput,
  ZPairingList,
  ZPairingParams,
  ZPairingQuery,
  ZParticipantParams,
  ZParticipantsInput,
  ZReportInput,
  ZReverseInput,
  ZSignupInput,
  ZTournament,
  ZTournamentInput,
  ZTournamentList,
  ZTournamentListQuery,
  ZTournamentParticipants,
  ZTournamentStandings,
  ZTournamentSummary,
  ZUnreadAnnouncements,
} from '@mitos/domain/tournaments';
import type { FastifyReply } from 'fastify';
import type { CachedRead } from '../cache/cached-read';
import type { AppContext } from '../context';
import { currentUser } from '../http/auth-hook';
import { sendRead } from '../http/cached-reply';
import { notFound } from '../errors';
import { communityActor } from '../community/actor';
import { managesTournament } from '@mitos/domain/tournament-rules';
import * as reads from './reads';
import * as service from './service';
import * as repo from './repository';

const ZSignupResult = z.object({ status: z.enum(['registered', 'waitlisted']), message: z.string() });

/** Tournaments on the server (docs/decisions/015): every route needs a signed-in user. */
export function tournamentRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const tags = ['tournaments'];
  const refusals = { 400: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse, 409: ZErrorResponse };
  return async (app) => {
    app.addHook('onRequest', app.requireUser);

    /** Sends a cached read, or the tournament's 404. */
    const send = async <A>(reply: FastifyReply, read: CachedRead<AppContext, A>, args: A) => {
      if (!(await sendRead(reply, ctx, read, args))) throw notFound(MSG.tournamentNotFound);
      return reply;
    };

    app.get(
      '/api/tournaments',
      {
        schema: {
          tags,
          summary: 'The tournaments (of one store; active or finished), latest start first',
          querystring: ZTournamentListQuery,
          response: { 200: ZTournamentList },
        },
      },
      (request, reply) => send(reply, reads.listRead, request.query),
    );

    app.post(
      '/api/tournaments',
      {
        schema: {
          tags,
          summary: "Crear Torneo at an active store (tournament admins, admins, the store's organisers)",
          body: ZTournamentInput,
          response: { 201: ZTournament, ...refusals },
        },
      },
      async (request, reply) => {
        const user = currentUser(request);
        const id = await service.createTournament(ctx, user, request.body);
        return reply.code(201).send(await reads.getDetail(ctx, id, user));
      },
    );

    app.get(
      '/api/tournaments/announcements/unread',
      {
        schema: {
          tags,
          summary: "The caller's unread Comunicados, newest first (counted in their notifications)",
          response: { 200: ZUnreadAnnouncements },
        },
      },
      (request, reply) => send(reply, reads.unreadRead, { userId: currentUser(request).id }),
    );

    app.get(
      '/api/tournaments/:id',
      {
        schema: {
          tags,
          summary: 'A tournament with its participants, Comunicados, Calendario and the caller’s part',
          params: ZIdParams,
          response: { 200: ZTournament, 404: ZErrorResponse },
        },
      },
      (request, reply) =>
        send(reply, reads.detailRead, { id: request.params.id, user: currentUser(request) }),
    );

    app.put(
      '/api/tournaments/:id',
      {
        schema: {
          tags,
          summary: 'Edit a tournament (before the start; afterwards its name, rules and time)',
          params: ZIdParams,
          body: ZTournamentInput,
          response: { 200: ZTournament, ...refusals },
        },
      },
      async (request) => {
        const user = currentUser(request);
        await service.updateTournament(ctx, user, request.params.id, request.body);
        return reads.getDetail(ctx, request.params.id, user);
      },
    );

    app.delete(
      '/api/tournaments/:id',
      {
        schema: {
          tags,
          summary: 'Delete a tournament that has not started',
          params: ZIdParams,
          response: { 200: ZSuccess, ...refusals },
        },
      },
      async (request) => {
        await service.deleteTournament(ctx, currentUser(request), request.params.id);
        return { success: true as const };
      },
    );

    // Sign-up and participants ------------------------------------------------------------------

    app.post(
      '/api/tournaments/:id/signup',
      {
        schema: {
          tags,
          summary: 'Inscribirse with a deck: registered, or on the waiting list when full',
          params: ZIdParams,
          body: ZSignupInput,
          response: { 200: ZSignupResult, ...refusals },
        },
      },
      async (request) => {
        const status = await service.signUp(
          ctx,
          currentUser(request),
          request.params.id,
          request.body.deckId,
        );
        return {
          status,
          message: status === 'registered' ? 'Inscripción confirmada' : MSG.tournamentWaitlisted,
        };
      },
    );

    app.delete(
      '/api/tournaments/:id/signup',
      {
        schema: {
          tags,
          summary: 'Withdraw before the start (the waiting list moves up)',
          params: ZIdParams,
          response: { 200: ZSuccess, ...refusals },
        },
      },
      async (request) => {
        await service.withdraw(ctx, currentUser(request), request.params.id);
        return { success: true as const };
      },
    );

    app.get(
      '/api/tournaments/:id/participants',
      {
        schema: {
          tags,
          summary: 'The participants: registered by seed, then the waiting list',
          params: ZIdParams,
          response: { 200: ZTournamentParticipants, 404: ZErrorResponse },
        },
      },
      (request, reply) => send(reply, reads.participantsRead, { id: request.params.id }),
    );

    app.put(
      '/api/tournaments/:id/participants',
      {
        schema: {
          tags,
          summary: 'Guardar: the participants as they should be (before the start)',
          params: ZIdParams,
          body: ZParticipantsInput,
          response: { 200: ZTournamentParticipants, ...refusals },
        },
      },
      async (request) => {
        await service.saveParticipants(ctx, currentUser(request), request.params.id, request.body);
        return (await repo.participantsOf(ctx.database.db, request.params.id)).map(reads.presentParticipant);
      },
    );

    app.post(
      '/api/tournaments/:id/participants/:userId/check-in',
      {
        schema: {
          tags,
          summary: 'Acreditación: check a registered player in (or out) before the start',
          params: ZParticipantParams,
          body: ZCheckInInput,
          response: { 200: ZSuccess, ...refusals },
        },
      },
      async (request) => {
        const { id, userId } = request.params;
        await service.checkIn(ctx, currentUser(request), id, userId, request.body.checkedIn);
        return { success: true as const };
      },
    );

    app.post(
      '/api/tournaments/:id/participants/:userId/drop',
      {
        schema: {
          tags,
          summary: 'Drop a player mid-event (the player, or who runs it); their results stay',
          params: ZParticipantParams,
          response: { 200: ZSuccess, ...refusals },
        },
      },
      async (request) => {
        await service.dropPlayer(ctx, currentUser(request), request.params.id, request.params.userId);
        return { success: true as const };
      },
    );

    // Structure -----------------------------------------------------------------------------------

    app.post(
      '/api/tournaments/:id/start',
      {
        schema: {
          tags,
          summary: 'Comenzar: seed the players and pair the first round or build the bracket',
          params: ZIdParams,
          response: { 200: ZTournamentSummary, ...refusals },
        },
      },
      async (request) => {
        await service.start(ctx, currentUser(request), request.params.id);
        return reads.getSummary(ctx, request.params.id);
      },
    );

    app.post(
      '/api/tournaments/:id/rounds',
      {
        schema: {
          tags,
          summary: 'Pair the next Swiss round (the round the caller expects, once)',
          params: ZIdParams,
          body: ZPairRoundInput,
          response: { 200: ZTournamentSummary, ...refusals },
        },
      },
      async (request) => {
        await service.pairRound(ctx, currentUser(request), request.params.id, request.body.round);
        return reads.getSummary(ctx, request.params.id);
      },
    );

    app.post(
      '/api/tournaments/:id/rounds/close',
      {
        schema: {
          tags,
          summary: 'Close the current round: reported results confirmed, unplayed ones draws or losses',
          params: ZIdParams,
          body: ZCloseRoundInput,
          response: { 200: ZTournamentSummary, ...refusals },
        },
      },
      async (request) => {
        await service.closeRound(ctx, currentUser(request), request.params.id, request.body);
        return reads.getSummary(ctx, request.params.id);
      },
    );

    app.post(
      '/api/tournaments/:id/playoff',
      {
        schema: {
          tags,
          summary: 'Armar Top N: the single-elimination playoff of the Swiss top cut',
          params: ZIdParams,
          response: { 200: ZTournamentSummary, ...refusals },
        },
      },
      async (request) => {
        await service.playoff(ctx, currentUser(request), request.params.id);
        return reads.getSummary(ctx, request.params.id);
      },
    );

    app.get(
      '/api/tournaments/:id/bracket',
      {
        schema: {
          tags,
          summary: 'The bracket: stages, groups (winners, losers, grand_final), rounds and matches',
          params: ZIdParams,
          response: { 200: ZBracketView, 404: ZErrorResponse },
        },
      },
      (request, reply) => send(reply, reads.bracketRead, { id: request.params.id }),
    );

    app.get(
      '/api/tournaments/:id/pairings',
      {
        schema: {
          tags,
          summary: 'Partidas: every pairing with its result and state (one Swiss round with ?round=)',
          params: ZIdParams,
          querystring: ZPairingQuery,
          response: { 200: ZPairingList, 404: ZErrorResponse },
        },
      },
      (request, reply) =>
        send(reply, reads.pairingsRead, {
          id: request.params.id,
          user: currentUser(request),
          round: request.query.round,
        }),
    );

    app.get(
      '/api/tournaments/:id/standings',
      {
        schema: {
          tags,
          summary: 'Posiciones with the tiebreakers (MP, OMW%, GW%, OGW%)',
          params: ZIdParams,
          response: { 200: ZTournamentStandings, 404: ZErrorResponse },
        },
      },
      (request, reply) => send(reply, reads.standingsRead, { id: request.params.id }),
    );

    // Results ---------------------------------------------------------------------------------

    const pairingAnswer = async (
      id: number,
      pairingId: number,
      request: Parameters<typeof currentUser>[0],
    ) => {
      const user = currentUser(request);
      const db = ctx.database.db;
      const t = await repo.tournamentRecord(db, id);
      if (!t) throw notFound(MSG.tournamentNotFound);
      const [row] = await repo.pairingsOf(db, id, pairingId);
      if (!row) throw notFound(MSG.tournamentPairingNotFound);
      const actor = await communityActor(db, user);
      const rounds = await reads.roundsPerGroup(db, id);
      return reads.presentPairing(t, row, rounds, {
        id: user.id,
        manages: managesTournament(actor, t.storeId),
      });
    };

    app.post(
      '/api/tournaments/:id/pairings/:pairingId/report',
      {
        schema: {
          tags,
          summary: 'Reportar resultado: a player (the opponent approves) or who runs it (approved at once)',
          params: ZPairingParams,
          body: ZReportInput,
          response: { 200: ZCorrectionResult, ...refusals },
        },
      },
      async (request) => {
        const { id, pairingId } = request.params;
        await service.report(ctx, currentUser(request), id, pairingId, request.body);
        return { pairing: await pairingAnswer(id, pairingId, request), voided: 0 };
      },
    );

    app.post(
      '/api/tournaments/:id/pairings/:pairingId/correct',
      {
        schema: {
          tags,
          summary: 'Corregir a decided result; 409 when later matches depend on it unless force',
          params: ZPairingParams,
          body: ZCorrectionInput,
          response: { 200: ZCorrectionResult, ...refusals },
        },
      },
      async (request) => {
        const { id, pairingId } = request.params;
        const { force, ...score } = request.body;
        const voided = await service.correct(ctx, currentUser(request), id, pairingId, score, force);
        return { pairing: await pairingAnswer(id, pairingId, request), voided };
      },
    );

    app.post(
      '/api/tournaments/:id/pairings/:pairingId/reverse',
      {
        schema: {
          tags,
          summary: 'Revertir a decided result: the match is annulled and played again',
          params: ZPairingParams,
          body: ZReverseInput,
          response: { 200: ZCorrectionResult, ...refusals },
        },
      },
      async (request) => {
        const { id, pairingId } = request.params;
        const voided = await service.correct(
          ctx,
          currentUser(request),
          id,
          pairingId,
          null,
          request.body.force,
        );
        return { pairing: await pairingAnswer(id, pairingId, request), voided };
      },
    );

    // Announcements ---------------------------------------------------------------------------

    app.post(
      '/api/tournaments/:id/announcements',
      {
        schema: {
          tags,
          summary: 'Publicar a Comunicado (who runs the tournament)',
          params: ZIdParams,
          body: ZAnnouncementInput,
          response: { 200: ZTournament, ...refusals },
        },
      },
      async (request) => {
        await service.announce(ctx, currentUser(request), request.params.id, request.body.message);
        return reads.getDetail(ctx, request.params.id, currentUser(request));
      },
    );

    app.post(
      '/api/tournaments/:id/announcements/seen',
      {
        schema: {
          tags,
          summary: 'The participant read the Comunicados (their unread count drops)',
          params: ZIdParams,
          response: { 200: ZSuccess, ...refusals },
        },
      },
      async (request) => {
        await service.seenAnnouncements(ctx, currentUser(request), request.params.id);
        return { success: true as const };
      },
    );
  };
}
