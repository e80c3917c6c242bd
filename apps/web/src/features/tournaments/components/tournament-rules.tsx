import { lazy, Suspense } from 'react';
import { Box, Skeleton } from '@mui/material';
import { Section } from './section';

/**
 * The Markdown renderer (react-markdown and its parser: about 36 kB gzipped, 119 kB to compile)
 * loads with the first tournament whose rules are shown, not with the tournament screen: the
 * screen draws its name, dates, sections and sign-up without waiting for it, and a tournament
 * without rules never loads it.
 */
const RulesMarkdown = lazy(() => import('./rules-markdown').then((m) => ({ default: m.RulesMarkdown })));

/** Three lines' worth of place for the rules while their renderer loads. */
function RulesLoading() {
  return (
    <Box aria-busy sx={{ display: 'grid' }}>
      <Skeleton width="90%" />
      <Skeleton width="75%" />
      <Skeleton width="60%" />
    </Box>
  );
}

/** The Reglas section of a tournament, when its organiser wrote any. */
export function TournamentRules({ text }: { text: string }) {
  if (text.trim() === '') return null;
  return (
    <Section title="Reglas">
      <Suspense fallback={<RulesLoading />}>
        <RulesMarkdown text={text} />
      </Suspense>
    </Section>
  );
}
