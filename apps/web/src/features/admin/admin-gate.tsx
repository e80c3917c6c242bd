import { Container } from '@mui/material';
import { Outlet } from 'react-router';
import { useCommunityMe } from '../../api/community';
import { CenteredSpinner } from '../../components/centered-spinner';
import { LoadError, NoAccess } from './components/status-views';

/**
 * /admin and its screens are for the users GET /api/community/me says see them (admins and store
 * organisers, decision 014); anyone else is told so where they are, not sent to /login.
 */
export default function AdminGate() {
  const me = useCommunityMe();
  if (me.isPending) return <CenteredSpinner />;
  if (me.isError)
    return (
      <Container maxWidth="md" sx={{ py: 2 }}>
        <LoadError onRetry={() => void me.refetch()} />
      </Container>
    );
  if (!me.data.seesAdmin) return <NoAccess />;
  return <Outlet />;
}
