import Markdown, { type Components } from 'react-markdown';
import { Box, Link } from '@mui/material';

/**
 * Links leave the app in a new tab without handing it the page (noopener) or vouching for the
 * site (nofollow); react-markdown already drops unsafe URLs (javascript: and the like). The
 * rules' own headings sit under the Reglas heading of the page.
 */
const components: Components = {
  a: ({ href, children }) => (
    <Link href={href} target="_blank" rel="noopener noreferrer nofollow">
      {children}
    </Link>
  ),
  h1: ({ children }) => <h3>{children}</h3>,
  h2: ({ children }) => <h3>{children}</h3>,
  h3: ({ children }) => <h4>{children}</h4>,
  h4: ({ children }) => <h4>{children}</h4>,
};

/**
 * A tournament's rules, written in Markdown by its organiser. Raw HTML is never rendered (no
 * rehype-raw: it is left out), and images are dropped so the rules load nothing from elsewhere.
 */
export function RulesMarkdown({ text }: { text: string }) {
  return (
    <Box
      sx={{
        overflowWrap: 'anywhere',
        '& > :first-of-type': { mt: 0 },
        '& > :last-child': { mb: 0 },
        '& p, & ul, & ol': { my: 1 },
        '& h1, & h2, & h3, & h4': { fontSize: '1.05rem', mt: 2, mb: 1 },
        '& table': { display: 'block', overflowX: 'auto' },
      }}
    >
      <Markdown components={components} skipHtml disallowedElements={['img']}>
        {text}
      </Markdown>
    </Box>
  );
}
