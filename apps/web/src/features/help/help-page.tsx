import { useId, type ReactNode } from 'react';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Box,
  Button,
  Container,
  List,
  ListItem,
  ListItemText,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Link } from 'react-router';
import { LIMITS, MATCH_GUARDS, PENDING_MATCH_DELAYS, RANKS, TIER_POINTS } from '@mitos/domain/constants';
import { STATUS_HELP, type MatchStatusLabel } from '@mitos/domain/match-status';
import { matchPoints, RANK_THRESHOLDS, TIER_OF_MATCH } from '@mitos/domain/community-points';
import { RATING_BASE, RATING_PROVISIONAL_MATCHES, RATING_SCALE } from '@mitos/domain/rating';
import { PageTitle } from '../../components/page-title';
import { STATUS_COLOR } from '../../components/match-card';
import { PaletteChip } from '../../components/palette-chip';
import { useSession } from '../../api/session';

function HelpSection({
  title,
  children,
  defaultExpanded,
}: {
  title: string;
  children: ReactNode;
  defaultExpanded?: boolean;
}) {
  const id = useId();
  return (
    <Accordion
      defaultExpanded={defaultExpanded}
      disableGutters
      variant="outlined"
      slotProps={{ heading: { component: 'h2' } }}
    >
      <AccordionSummary expandIcon={<ExpandMoreIcon />} id={`${id}-header`} aria-controls={`${id}-content`}>
        <Typography component="span" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
      </AccordionSummary>
      <AccordionDetails id={`${id}-content`} sx={{ display: 'grid', gap: 1.5, color: 'text.secondary' }}>
        {children}
      </AccordionDetails>
    </Accordion>
  );
}

/** What happens to a pending match nobody answers (docs/decisions/020). */
function PendingMatchHelp() {
  const { firstReminderHours, secondReminderHours, finalRuleHours } = PENDING_MATCH_DELAYS;
  return (
    <>
      <Typography component="h3" sx={{ fontWeight: 700, color: 'text.primary', mt: 1 }}>
        Partidas sin respuesta
      </Typography>
      <Typography>
        Mientras una partida está pendiente, quienes todavía no la respondieron reciben un recordatorio (en la
        app y como notificación) a las {firstReminderHours} horas de registrada y otro a las{' '}
        {secondReminderHours} horas. En la partida ves «Recordatorio: esta partida espera tu respuesta» y
        hasta cuándo puedes responderla.
      </Typography>
      <Typography>
        A los {finalRuleHours / 24} días sin respuesta, una partida jugada en una tienda pasa al organizador
        de la tienda, que la confirma (cuenta como aprobada por quienes no respondieron) o la cancela;
        mientras tanto los jugadores todavía pueden responderla. Cualquier otra partida vence: se cancela y su
        historial la muestra como Expirada.
      </Typography>
      <Typography>
        Las partidas de un torneo solo reciben los recordatorios: las resuelve su organizador al cerrar la
        ronda.
      </Typography>
    </>
  );
}

function Steps({ items }: { items: string[] }) {
  return (
    <Box component="ol" sx={{ m: 0, pl: 3, display: 'grid', gap: 0.75 }}>
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </Box>
  );
}

/** How Mitos Rating works (issue 17, docs/decisions/016), with the numbers the domain uses. */
function MitosRatingHelp() {
  return (
    <>
      <Typography component="h3" sx={{ fontWeight: 700, color: 'text.primary', mt: 1 }}>
        Mitos Rating
      </Typography>
      <Typography>
        El Mitos Rating mide tu nivel de juego con tus partidas aprobadas, tanto 1v1 como 2v2. Es un rating de
        habilidad calculado con OpenSkill (modelo de Weng-Lin): ganarle a alguien con mejor rating te sube más
        que ganarle a alguien con menos.
      </Typography>
      <Typography>
        Todos empiezan en {RATING_BASE}, con mucha incertidumbre: al principio el sistema no sabe cuánto
        juegas. El número que ves es conservador: tu habilidad estimada (μ) menos tres veces la incertidumbre
        (σ), en escala: {RATING_SCALE}·(μ − 3σ) + {RATING_BASE}. Por eso sube a medida que el sistema está más
        seguro de tu nivel.
      </Typography>
      <Box
        component="ul"
        aria-label="Cómo cambia el Mitos Rating"
        sx={{ m: 0, pl: 2.5, display: 'grid', gap: 0.5 }}
      >
        <li>Se muestra como Provisional hasta que sumas {RATING_PROVISIONAL_MATCHES} partidas aprobadas.</li>
        <li>El resultado importa: ganar 2-0 mueve el rating más que ganar 2-1.</li>
        <li>Los empates también cuentan.</li>
        <li>
          Hay un rating histórico, con todas tus partidas, y uno por temporada, solo con las partidas de esa
          temporada.
        </li>
        <li>Si una partida se cancela o se anula, se quita y los ratings se vuelven a calcular sin ella.</li>
      </Box>
      <Typography>Lo ves en tu perfil, y el Ranking General puede ordenarse por Mitos Rating.</Typography>
    </>
  );
}

/** A signed-out visitor's ways on from help (issue 14 item 9). */
function SignedOutLinks() {
  return (
    <Stack direction="row" component="nav" aria-label="Acceso" sx={{ gap: 1, flexWrap: 'wrap' }}>
      <Button component={Link} to="/login" variant="contained">
        Ingresar
      </Button>
      <Button component={Link} to="/register" variant="outlined">
        Registrarse
      </Button>
    </Stack>
  );
}

export default function HelpPage() {
  const { user } = useSession();
  return (
    <Container maxWidth="md" sx={{ py: 3, display: 'grid', gap: 2 }}>
      <PageTitle title="Ayuda" />
      <Typography variant="h1">Ayuda (En Progreso)</Typography>
      {!user && <SignedOutLinks />}
      <Typography color="textSecondary">
        Todo lo que necesitas para registrar tus partidas de Mitos y Leyendas y seguir tu progreso.
      </Typography>
      <Box>
        <HelpSection title="Partidas" defaultExpanded>
          <Typography>Registra cada partida que juegues para que cuente en tus estadísticas.</Typography>
          <Steps
            items={[
              'Toca el botón redondo Nueva Partida en la barra inferior.',
              'Elige la modalidad (1v1; el 2v2 llegará pronto) y el tipo de partida (Amistoso).',
              'Agrega a los jugadores de cada equipo: cada uno juega con su mazo por defecto, que puedes cambiar.',
              'Indica cuántas partidas ganó cada equipo: debe haber al menos una victoria.',
              `Si quieres, marca hasta ${LIMITS.maxHighlights} highlights, como Remontada o Paliza.`,
              'Guarda: la partida queda pendiente hasta que todos los jugadores la aprueben.',
            ]}
          />
        </HelpSection>
        <HelpSection title="Estados de las partidas">
          <List dense disablePadding>
            {(Object.keys(STATUS_HELP) as MatchStatusLabel[]).map((label) => (
              <ListItem key={label} disableGutters sx={{ gap: 1.5, alignItems: 'flex-start' }}>
                <PaletteChip label={label} color={STATUS_COLOR[label]} sx={{ minWidth: 96, mt: 0.5 }} />
                <ListItemText primary={STATUS_HELP[label]} />
              </ListItem>
            ))}
          </List>
        </HelpSection>
        <HelpSection title="Proceso de aprobación">
          <Typography>
            Una partida cuenta solo cuando todos los jugadores que participaron la aprueban. Si quien la crea
            también juega, su aprobación ya está dada.
          </Typography>
          <Steps
            items={[
              'Cuando alguien registra una partida contigo, la campana de la barra inferior muestra una notificación.',
              'Abre la partida y elige Aprobar si los datos son correctos, o Rechazar si hay un error.',
              'Cuando todos aprueban, la partida pasa a Aprobada y suma a las estadísticas.',
              'Si alguien la rechaza, quien la creó puede aceptar el rechazo o crear una nueva partida corregida.',
            ]}
          />
          <Typography>
            Quien registró una partida puede cancelarla mientras está pendiente; los demás jugadores la
            aprueban o la rechazan.
          </Typography>
          <Typography>
            Una partida rechazada que nadie procesa en {MATCH_GUARDS.rejectedExpiryHours / 24} días se cancela
            automáticamente, así no sigue contando en la tasa de aprobación de quien la rechazó.
          </Typography>
          <PendingMatchHelp />
          <Typography>
            Para evitar abusos, cada jugador puede registrar hasta {MATCH_GUARDS.createdPerHour} partidas por
            hora y tener como máximo {MATCH_GUARDS.pendingPerOpponent} partidas esperando la aprobación de un
            mismo jugador.
          </Typography>
        </HelpSection>
        <HelpSection title="Perfil">
          <Typography>
            En tu perfil ves tus estadísticas: partidas jugadas, victorias, derrotas, porcentaje de victorias
            y tasa de aprobación; en Rendimiento, tu forma por semana o por mes, tus resultados por mazo y por
            raza, tus rivales más frecuentes y tus rachas. Solo cuentan las partidas aprobadas por todos; las
            canceladas no cuentan.
          </Typography>
          <Typography>
            La tasa de aprobación mide cuántas de tus partidas no rechazaste: desde 90% es Excelente, desde
            70% es Regular y por debajo es Bajo.
          </Typography>
          <MitosRatingHelp />
          <Typography>
            También administras tus mazos: crea, edita, elimina y elige tu mazo por defecto, que es el que se
            usa al agregarte a una partida.
          </Typography>
        </HelpSection>
        <HelpSection title="Sistema de Rangos">
          <Typography>
            Hay {RANKS.length} rangos. Sube de rango sumando puntos en partidas aprobadas.
          </Typography>
          <Box
            component="ol"
            aria-label="Rangos"
            sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 1 }}
          >
            {RANKS.map((rank) => (
              <Box
                component="li"
                key={rank.level}
                sx={{ display: 'flex', alignItems: 'center', gap: 1.5, color: 'text.primary' }}
              >
                <PaletteChip label={rank.level} color="secondary" style={{ fontWeight: 800, minWidth: 32 }} />
                {rank.name}
              </Box>
            ))}
          </Box>
          <Typography sx={{ mt: 1 }}>Puntos por tier:</Typography>
          <Table size="small" aria-label="Puntos por tier" sx={{ maxWidth: 320 }}>
            <TableHead>
              <TableRow>
                <TableCell>Tier</TableCell>
                <TableCell align="right">Puntos</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {TIER_POINTS.map((row) => (
                <TableRow key={row.tier}>
                  <TableCell>{row.tier}</TableCell>
                  <TableCell align="right">{row.points}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <Typography sx={{ mt: 1 }}>Puntos para cada rango:</Typography>
          <Box component="ul" aria-label="Puntos por rango" sx={{ m: 0, pl: 2.5 }}>
            {RANKS.map((rank, i) => (
              <Typography component="li" key={rank.level}>
                {rank.name}: desde {RANK_THRESHOLDS[i]} puntos
              </Typography>
            ))}
          </Box>
          <Typography sx={{ mt: 1 }}>El tier de cada tipo de partida:</Typography>
          <Box component="ul" aria-label="Tier de cada tipo de partida" sx={{ m: 0, pl: 2.5 }}>
            {Object.entries(TIER_OF_MATCH).map(([type, tier]) => (
              <Typography component="li" key={type}>
                {type} = {tier.label}, {tier.points} puntos
              </Typography>
            ))}
          </Box>
          <Typography sx={{ mt: 1 }}>
            Quien gana la partida suma los puntos de su tier; cada uno de los demás jugadores suma la décima
            parte por participar (por ejemplo, {matchPoints('Amistoso', 'loss')} puntos en un Amistoso).
          </Typography>
          <Typography>
            Los puntos cuentan cuando la partida queda Aprobada, y se descuentan si un administrador o el
            organizador de la tienda la anula.
          </Typography>
        </HelpSection>
        <HelpSection title="Preguntas frecuentes">
          <Typography component="h3" sx={{ fontWeight: 700, color: 'text.primary' }}>
            ¿Por qué mi partida no aparece en el inicio?
          </Typography>
          <Typography>
            El inicio muestra solo partidas aprobadas por todos. Revisa Mis Partidas para ver las pendientes.
          </Typography>
          <Typography component="h3" sx={{ fontWeight: 700, color: 'text.primary' }}>
            ¿Puedo eliminar mi mazo por defecto?
          </Typography>
          <Typography>No. Primero elige otro mazo por defecto y luego podrás eliminarlo.</Typography>
          <Typography component="h3" sx={{ fontWeight: 700, color: 'text.primary' }}>
            ¿Qué pasa si rechazo una partida por error?
          </Typography>
          <Typography>
            Quien la creó puede registrarla de nuevo con los datos correctos para que la apruebes.
          </Typography>
        </HelpSection>
      </Box>
      {!user && <SignedOutLinks />}
    </Container>
  );
}
