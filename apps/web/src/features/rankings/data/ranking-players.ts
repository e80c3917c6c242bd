export interface RankingPlayer {
  id: number;
  name: string;
  torCode: string;
  matches: number;
  wins: number;
  points: number;
  /** The store the player represents (see stores.ts). */
  storeId: number;
}

/** SPEC §9: fifteen ranked players, TOR001 to TOR015. */
export const RANKING_PLAYERS: RankingPlayer[] = [
  { id: 1, name: 'Lautaro Gómez', torCode: 'TOR001', matches: 24, wins: 19, points: 2150, storeId: 1 },
  { id: 2, name: 'Camila Fernández', torCode: 'TOR002', matches: 22, wins: 17, points: 1980, storeId: 2 },
  { id: 3, name: 'Matías Rodríguez', torCode: 'TOR003', matches: 25, wins: 16, points: 1870, storeId: 3 },
  { id: 4, name: 'Valentina López', torCode: 'TOR004', matches: 20, wins: 15, points: 1760, storeId: 4 },
  { id: 5, name: 'Santiago Martínez', torCode: 'TOR005', matches: 21, wins: 14, points: 1640, storeId: 1 },
  { id: 6, name: 'Julieta Pérez', torCode: 'TOR006', matches: 19, wins: 13, points: 1640, storeId: 2 },
  { id: 7, name: 'Tomás García', torCode: 'TOR007', matches: 23, wins: 12, points: 1490, storeId: 3 },
  { id: 8, name: 'Florencia Sánchez', torCode: 'TOR008', matches: 18, wins: 11, points: 1380, storeId: 4 },
  { id: 9, name: 'Nicolás Romero', torCode: 'TOR009', matches: 20, wins: 10, points: 1250, storeId: 1 },
  { id: 10, name: 'Agustina Díaz', torCode: 'TOR010', matches: 17, wins: 9, points: 1120, storeId: 2 },
  { id: 11, name: 'Facundo Álvarez', torCode: 'TOR011', matches: 16, wins: 8, points: 980, storeId: 3 },
  { id: 12, name: 'Micaela Torres', torCode: 'TOR012', matches: 15, wins: 7, points: 870, storeId: 4 },
  { id: 13, name: 'Joaquín Ruiz', torCode: 'TOR013', matches: 14, wins: 6, points: 760, storeId: 1 },
  { id: 14, name: 'Sofía Castro', torCode: 'TOR014', matches: 12, wins: 4, points: 540, storeId: 2 },
  { id: 15, name: 'Bruno Herrera', torCode: 'TOR015', matches: 10, wins: 3, points: 420, storeId: 3 },
];
