import { useMemo, useState, type FormEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Container,
  Paper,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import type { TDeck } from '@mitos/domain/decks';
import type { TRecord } from '@mitos/domain/player-statistics';
import * as MSG from '@mitos/domain/message-texts';
import { errorMessage } from '../../lib/api-client';
import { useCreateDeck, useMyDecks } from '../../api/decks';
import { useSession } from '../../api/session';
import { usePlayerStatistics } from '../../api/statistics';
import { DeckFields, deckBody } from '../../components/decks/deck-fields';
import { DeckList } from '../../components/decks/deck-list';
import { DecksLoadError } from '../../components/decks/decks-load-error';
import { useDeckForm } from '../../components/decks/use-deck-form';
import { PageTitle } from '../../components/page-title';

function CreateDeckForm({ decks }: { decks: readonly TDeck[] }) {
  const form = useDeckForm(decks);
  const create = useCreateDeck();
  const [failure, setFailure] = useState<string | null>(null);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    form.touchName();
    if (form.error || create.isPending) return;
    setFailure(null);
    try {
      await create.mutateAsync(deckBody(form.values, true));
      form.reset();
    } catch (err) {
      setFailure(errorMessage(err, MSG.deckCreateError));
    }
  };

  return (
    <Paper
      component="form"
      noValidate
      onSubmit={onSubmit}
      aria-labelledby="create-deck-title"
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}
    >
      <Typography id="create-deck-title" variant="h2" sx={{ fontSize: '1.15rem' }}>
        Crear nuevo mazo
      </Typography>
      {failure && <Alert severity="error">{failure}</Alert>}
      <DeckFields
        values={form.values}
        onChange={form.setValues}
        nameError={form.shownError}
        onNameBlur={form.touchName}
        withDescription
        disabled={create.isPending}
      />
      <Button
        type="submit"
        variant="contained"
        disabled={form.error !== null || create.isPending}
        aria-busy={create.isPending}
        startIcon={create.isPending ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
        sx={{ justifySelf: { sm: 'start' } }}
      >
        Crear Mazo
      </Button>
    </Paper>
  );
}

/** Each deck's approved matches, by deck id (a deleted deck's matches have none). */
function useDeckRecords(): ReadonlyMap<number, TRecord> | undefined {
  const { user } = useSession();
  const stats = usePlayerStatistics(user?.id ?? 0);
  return useMemo(() => {
    if (!stats.data) return undefined;
    const records = new Map<number, TRecord>();
    for (const deck of stats.data.byDeck) if (deck.deckId !== null) records.set(deck.deckId, deck);
    return records;
  }, [stats.data]);
}

export default function DecksPage() {
  const decks = useMyDecks();
  const records = useDeckRecords();

  return (
    <Container maxWidth="md" sx={{ py: 3, display: 'grid', gap: 3 }}>
      <PageTitle title="Mis Mazos" />
      <Typography variant="h1">Mis Mazos</Typography>
      <CreateDeckForm decks={decks.data ?? []} />
      <Box component="section" aria-labelledby="deck-list-title" sx={{ display: 'grid', gap: 1.5 }}>
        <Typography id="deck-list-title" variant="h2" sx={{ fontSize: '1.15rem' }}>
          Tus mazos
        </Typography>
        {decks.isPending && (
          <Stack spacing={1.5} aria-busy aria-label="Cargando mazos">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} variant="rounded" height={96} />
            ))}
          </Stack>
        )}
        {decks.isError && (
          <DecksLoadError
            error={decks.error}
            retrying={decks.isFetching}
            onRetry={() => void decks.refetch()}
          />
        )}
        {decks.data && decks.data.length === 0 && (
          <Typography color="textSecondary">
            Aún no tienes mazos. Crea el primero con el formulario.
          </Typography>
        )}
        {decks.data && decks.data.length > 0 && (
          <DeckList decks={decks.data} allDecks={decks.data} withDescription records={records} />
        )}
      </Box>
    </Container>
  );
}
