export interface StoreResultTeam {
  players: number[];
  score: number;
}

export interface StoreResultMatch {
  id: number;
  /** ISO datetime */
  match_date: string;
  team1: StoreResultTeam;
  team2: StoreResultTeam;
}

export interface StoreResults {
  /** user id → player name */
  players: Record<number, string>;
  matches: StoreResultMatch[];
}

const PLAYERS: Record<number, string> = {
  1: 'Lautaro Gómez',
  2: 'Camila Fernández',
  3: 'Matías Rodríguez',
  4: 'Valentina López',
  5: 'Santiago Martínez',
  6: 'Julieta Pérez',
  7: 'Tomás García',
  8: 'Florencia Sánchez',
  9: 'Nicolás Romero',
  10: 'Agustina Díaz',
  11: 'Facundo Álvarez',
  12: 'Micaela Torres',
  13: 'Joaquín Ruiz',
  14: 'Sofía Castro',
  15: 'Bruno Herrera',
};

/** Recent matches played at each store, by store id. */
export const STORE_RESULTS: Record<number, StoreResults> = {
  1: {
    players: PLAYERS,
    matches: [
      {
        id: 101,
        match_date: '2026-11-20T21:30:00.000Z',
        team1: { players: [1], score: 2 },
        team2: { players: [5], score: 1 },
      },
      {
        id: 102,
        match_date: '2026-11-20T23:00:00.000Z',
        team1: { players: [9], score: 0 },
        team2: { players: [13], score: 2 },
      },
      {
        id: 103,
        match_date: '2026-11-13T22:00:00.000Z',
        team1: { players: [1, 13], score: 2 },
        team2: { players: [5, 9], score: 1 },
      },
      {
        id: 104,
        match_date: '2026-11-06T21:15:00.000Z',
        team1: { players: [5], score: 2 },
        team2: { players: [9], score: 0 },
      },
    ],
  },
  2: {
    players: PLAYERS,
    matches: [
      {
        id: 201,
        match_date: '2026-11-19T22:30:00.000Z',
        team1: { players: [2], score: 2 },
        team2: { players: [6], score: 0 },
      },
      {
        id: 202,
        match_date: '2026-11-12T22:00:00.000Z',
        team1: { players: [10], score: 1 },
        team2: { players: [14], score: 2 },
      },
      {
        id: 203,
        match_date: '2026-11-05T23:30:00.000Z',
        team1: { players: [2, 14], score: 1 },
        team2: { players: [6, 10], score: 2 },
      },
    ],
  },
  3: {
    players: PLAYERS,
    matches: [
      {
        id: 301,
        match_date: '2026-11-21T19:00:00.000Z',
        team1: { players: [3], score: 2 },
        team2: { players: [7], score: 1 },
      },
      {
        id: 302,
        match_date: '2026-11-21T20:30:00.000Z',
        team1: { players: [11], score: 2 },
        team2: { players: [15], score: 0 },
      },
      {
        id: 303,
        match_date: '2026-11-14T19:45:00.000Z',
        team1: { players: [3], score: 2 },
        team2: { players: [11], score: 0 },
      },
    ],
  },
  4: {
    players: PLAYERS,
    matches: [
      {
        id: 401,
        match_date: '2026-11-18T22:00:00.000Z',
        team1: { players: [4], score: 1 },
        team2: { players: [8], score: 2 },
      },
      {
        id: 402,
        match_date: '2026-11-11T22:30:00.000Z',
        team1: { players: [4, 12], score: 2 },
        team2: { players: [8, 3], score: 0 },
      },
      {
        id: 403,
        match_date: '2026-11-04T21:00:00.000Z',
        team1: { players: [12], score: 2 },
        team2: { players: [4], score: 1 },
      },
    ],
  },
};
