/** Players the participant search offers (tournaments make no server calls, SPEC §7). */
export interface SampleUser {
  id: number;
  username: string;
  mainDeck: string;
}

export const SAMPLE_USERS: SampleUser[] = [
  { id: 1, username: 'lautaro', mainDeck: 'Furia Olímpica' },
  { id: 2, username: 'camila_f', mainDeck: 'Héroes del Alba' },
  { id: 3, username: 'matirod', mainDeck: 'Dragón Ancestral' },
  { id: 4, username: 'valen.lopez', mainDeck: 'Caballeros de Hierro' },
  { id: 5, username: 'santi_m', mainDeck: 'Desafío Total' },
  { id: 6, username: 'juli.perez', mainDeck: 'Muralla Defensora' },
  { id: 7, username: 'tomasg', mainDeck: 'Arenas del Faraón' },
  { id: 8, username: 'flor_s', mainDeck: 'Culto Sacerdotal' },
  { id: 9, username: 'nico.romero', mainDeck: 'Bosque Faerie' },
  { id: 10, username: 'agus_diaz', mainDeck: 'Sombras Eternas' },
  { id: 11, username: 'facu.alvarez', mainDeck: 'Titanes del Norte' },
  { id: 12, username: 'mica_t', mainDeck: 'Eternidad' },
  { id: 13, username: 'joaco_ruiz', mainDeck: 'Dragones Gemelos' },
  { id: 14, username: 'sofi.castro', mainDeck: 'Luz Olímpica' },
  { id: 15, username: 'bruno_h', mainDeck: 'Caballería Real' },
  { id: 16, username: 'ramiro.v', mainDeck: 'Faraones Dorados' },
  { id: 17, username: 'pili.ortiz', mainDeck: 'Sombra Sagrada' },
  { id: 18, username: 'gonza_m', mainDeck: 'Titán de Piedra' },
];
