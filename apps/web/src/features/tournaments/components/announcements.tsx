import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import type { TTournament } from '@mitos/domain/tournaments';
import { useMarkAnnouncementsSeen, usePublishAnnouncement } from '../../../api/tournaments';
import { errorMessage } from '../../../lib/api-client';
import { GrowingTextField } from '../../../lib/growing-text';
import { formatCommunityListDate } from '../../../lib/community-time';
import { TOURNAMENT_MSG } from '../tournament-view';
import { Section } from './section';

/**
 * A participant who has the Comunicados on screen has seen them: the newest one shown is told to
 * the server once (their unread count in the inbox drops).
 */
function useSeenAnnouncements(tournament: TTournament) {
  const seen = useMarkAnnouncementsSeen(tournament.id);
  const { mutate } = seen;
  const told = useRef<number | null>(null);
  const newest = tournament.announcements.reduce((max, a) => Math.max(max, a.id), 0);
  const participant = tournament.me !== null;
  useEffect(() => {
    if (!participant || newest === 0 || told.current === newest) return;
    told.current = newest;
    mutate();
  }, [participant, newest, mutate]);
}

/** Comunicados, newest first; Publicar for the people who run the tournament. Blank text does nothing. */
export function Announcements({ tournament }: { tournament: TTournament }) {
  const publish = usePublishAnnouncement(tournament.id);
  const [text, setText] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  useSeenAnnouncements(tournament);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const message = text.trim();
    if (message === '' || publish.isPending) return;
    setRefusal(null);
    publish.mutate(message, {
      onSuccess: () => setText(''),
      onError: (err) => setRefusal(errorMessage(err, TOURNAMENT_MSG.saveError)),
    });
  };

  const list = [...tournament.announcements].sort((a, b) => b.date.localeCompare(a.date) || b.id - a.id);
  return (
    <Section title="Comunicados">
      {tournament.canManage && (
        <Box component="form" onSubmit={submit} sx={{ mb: 2 }}>
          {refusal && (
            <Alert severity="error" sx={{ mb: 1 }} onClose={() => setRefusal(null)}>
              {refusal}
            </Alert>
          )}
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
            <GrowingTextField
              label="Nuevo comunicado"
              value={text}
              onChange={(e) => setText(e.target.value)}
              size="small"
              minRows={1}
              maxRows={4}
              fullWidth
            />
            <Button type="submit" variant="contained" disabled={publish.isPending}>
              Publicar
            </Button>
          </Box>
        </Box>
      )}
      {list.length === 0 ? (
        <Typography color="textSecondary">No hay comunicados.</Typography>
      ) : (
        <Stack spacing={1.5} component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
          {list.map((a) => (
            <Box component="li" key={a.id} sx={{ borderLeft: 3, borderColor: 'secondary.main', pl: 1.5 }}>
              <Typography variant="caption" color="textSecondary">
                {formatCommunityListDate(a.date)}
                {a.author && ` · ${a.author.username}`}
              </Typography>
              <Typography sx={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>{a.message}</Typography>
            </Box>
          ))}
        </Stack>
      )}
    </Section>
  );
}
