import type { BracketSide, Participant, Tournament, TournamentMatch } from '../tournament';
import { SAMPLE_USERS } from './sample-users';

function participants(...ids: number[]): Participant[] {
  return ids.map((id) => {
    const user = SAMPLE_USERS.find((u) => u.id === id)!;
    return { id: user.id, name: user.username, mainDeck: user.mainDeck };
  });
}

function match(
  id: number,
  round: number,
  player1: string | null,
  player2: string | null,
  winner: string | null = null,
  bracket?: BracketSide,
): TournamentMatch {
  return bracket ? { id, round, bracket, player1, player2, winner } : { id, round, player1, player2, winner };
}

const STANDARD_RULES =
  'Formato al mejor de 3 partidas. Mazos de 50 cartas, formato Racial Edición. Presentarse 15 minutos antes del inicio con el mazo registrado. Cada ronda dura 50 minutos.';

/** Every type and every status, `finished` included (SPEC §3). */
export const SAMPLE_TOURNAMENTS: Tournament[] = [
  {
    id: 1,
    name: 'Copa Dragón Dorado',
    type: 'single_elimination',
    startDate: '2026-08-15',
    endDate: '2026-08-15',
    status: 'completed',
    rules: STANDARD_RULES,
    location: 'Dragón Dorado Games, Palermo',
    participants: participants(1, 2, 3, 4, 5, 6, 7, 8),
    announcements: [
      {
        id: 1,
        message: 'Las inscripciones cierran el viernes a las 20 h.',
        date: '2026-08-10T20:00:00.000Z',
      },
      {
        id: 2,
        message: '¡Felicitaciones a lautaro, campeón de la Copa Dragón Dorado!',
        date: '2026-08-15T23:30:00.000Z',
      },
    ],
    matches: [
      match(1, 1, 'lautaro', 'camila_f', 'lautaro'),
      match(2, 1, 'matirod', 'valen.lopez', 'matirod'),
      match(3, 1, 'santi_m', 'juli.perez', 'juli.perez'),
      match(4, 1, 'tomasg', 'flor_s', 'tomasg'),
      match(5, 2, 'lautaro', 'matirod', 'lautaro'),
      match(6, 2, 'juli.perez', 'tomasg', 'tomasg'),
      match(7, 3, 'lautaro', 'tomasg', 'lautaro'),
    ],
    winner: 'lautaro',
  },
  {
    id: 2,
    name: 'Torneo Relámpago de Caballito',
    type: 'single_elimination',
    startDate: '2026-11-21',
    endDate: null,
    status: 'in_progress',
    rules: STANDARD_RULES,
    location: 'La Cripta del Mito, Caballito',
    participants: participants(9, 10, 11, 12, 13, 14, 15, 16),
    announcements: [
      {
        id: 1,
        message: 'Las semifinales se juegan el sábado desde las 16 h.',
        date: '2026-11-21T21:00:00.000Z',
      },
    ],
    matches: [
      match(1, 1, 'nico.romero', 'agus_diaz', 'agus_diaz'),
      match(2, 1, 'facu.alvarez', 'mica_t', 'facu.alvarez'),
      match(3, 1, 'joaco_ruiz', 'sofi.castro', 'sofi.castro'),
      match(4, 1, 'bruno_h', 'ramiro.v', 'bruno_h'),
      match(5, 2, 'agus_diaz', 'facu.alvarez', 'facu.alvarez'),
      match(6, 2, 'sofi.castro', 'bruno_h'),
    ],
    winner: null,
  },
  {
    id: 3,
    name: 'Liga Round Robin de Belgrano',
    type: 'round_robin',
    startDate: '2026-11-01',
    endDate: '2026-12-13',
    status: 'in_progress',
    rules:
      'Todos contra todos a una partida. Victoria suma un punto en la tabla. Se juega una fecha por semana.',
    location: 'Torre de Cartas, Belgrano',
    participants: participants(1, 3, 5, 7, 9),
    announcements: [],
    matches: [
      match(1, 1, 'lautaro', 'nico.romero', 'lautaro'),
      match(2, 1, 'matirod', 'tomasg', 'tomasg'),
      match(3, 2, 'lautaro', 'tomasg', 'tomasg'),
      match(4, 2, 'santi_m', 'nico.romero', 'santi_m'),
      match(5, 3, 'matirod', 'santi_m', 'matirod'),
      match(6, 3, 'tomasg', 'nico.romero', 'tomasg'),
    ],
    winner: null,
  },
  {
    id: 4,
    name: 'Doble Eliminación del Bastión',
    type: 'double_elimination',
    startDate: '2026-11-14',
    endDate: null,
    status: 'in_progress',
    rules: 'Doble eliminación: quien pierde dos series queda fuera. La gran final es al mejor de 5.',
    location: 'El Bastión TCG, San Telmo',
    participants: participants(2, 4, 6, 8),
    announcements: [
      {
        id: 1,
        message: 'La final de ganadores se juega el domingo a las 18 h.',
        date: '2026-11-15T12:00:00.000Z',
      },
    ],
    matches: [
      match(1, 1, 'camila_f', 'valen.lopez', 'camila_f', 'winners'),
      match(2, 1, 'juli.perez', 'flor_s', 'flor_s', 'winners'),
      match(3, 2, 'camila_f', 'flor_s', null, 'winners'),
      match(4, 1, 'valen.lopez', 'juli.perez', 'valen.lopez', 'losers'),
    ],
    winner: null,
  },
  {
    id: 5,
    name: 'Gran Torneo de Primavera',
    type: 'single_elimination',
    startDate: '2026-12-12',
    endDate: null,
    status: 'open',
    rules: STANDARD_RULES,
    location: 'Dragón Dorado Games, Palermo',
    participants: participants(10, 11, 12, 13, 14),
    announcements: [
      { id: 1, message: '¡Inscripciones abiertas! Quedan pocos lugares.', date: '2026-11-18T15:00:00.000Z' },
    ],
    matches: [],
    winner: null,
  },
  {
    id: 6,
    name: 'Clásico de Otoño',
    type: 'round_robin',
    startDate: '2026-04-04',
    endDate: '2026-05-09',
    status: 'finished',
    rules: 'Todos contra todos a una partida. En caso de empate en victorias, se define por menos derrotas.',
    location: 'La Cripta del Mito, Caballito',
    participants: participants(11, 12, 13, 14),
    announcements: [],
    matches: [
      match(1, 1, 'facu.alvarez', 'sofi.castro', 'facu.alvarez'),
      match(2, 1, 'mica_t', 'joaco_ruiz', 'joaco_ruiz'),
      match(3, 2, 'facu.alvarez', 'joaco_ruiz', 'facu.alvarez'),
      match(4, 2, 'sofi.castro', 'mica_t', 'sofi.castro'),
      match(5, 3, 'facu.alvarez', 'mica_t', 'mica_t'),
      match(6, 3, 'joaco_ruiz', 'sofi.castro', 'joaco_ruiz'),
    ],
    winner: 'facu.alvarez',
  },
  {
    id: 7,
    name: 'Desafío de Titanes',
    type: 'double_elimination',
    startDate: '2026-06-20',
    endDate: '2026-06-21',
    status: 'completed',
    rules: 'Doble eliminación al mejor de 3. La gran final es al mejor de 5.',
    location: 'El Bastión TCG, San Telmo',
    participants: participants(1, 2, 3, 4),
    announcements: [
      {
        id: 1,
        message: 'Gracias a todos por participar. ¡Nos vemos en el próximo desafío!',
        date: '2026-06-21T23:00:00.000Z',
      },
    ],
    matches: [
      match(1, 1, 'lautaro', 'camila_f', 'camila_f', 'winners'),
      match(2, 1, 'matirod', 'valen.lopez', 'matirod', 'winners'),
      match(3, 2, 'camila_f', 'matirod', 'matirod', 'winners'),
      match(4, 1, 'lautaro', 'valen.lopez', 'lautaro', 'losers'),
      match(5, 2, 'lautaro', 'camila_f', 'lautaro', 'losers'),
      match(6, 1, 'matirod', 'lautaro', 'matirod', 'grand_final'),
    ],
    winner: 'matirod',
  },
  {
    id: 8,
    name: 'Torneo Abierto de San Telmo',
    type: 'round_robin',
    startDate: '2027-01-16',
    endDate: null,
    status: 'open',
    rules: '',
    location: 'El Bastión TCG, San Telmo',
    participants: participants(15, 16, 17),
    announcements: [],
    matches: [],
    winner: null,
  },
];
