import type { Race } from '@mitos/domain/constants';

/** The demo's ten players, as they would sign up in an Argentine card store. */
export const DEMO_PLAYERS = [
  { username: 'mateo_gomez', email: 'mateo.gomez@demo.mitos.ar' },
  { username: 'valen.rodriguez', email: 'valentina.rodriguez@demo.mitos.ar' },
  { username: 'lu_fernandez', email: 'lucia.fernandez@demo.mitos.ar' },
  { username: 'santi.lopez', email: 'santiago.lopez@demo.mitos.ar' },
  { username: 'cami_martinez', email: 'camila.martinez@demo.mitos.ar' },
  { username: 'joaco_perez', email: 'joaquin.perez@demo.mitos.ar' },
  { username: 'sofi.garcia', email: 'sofia.garcia@demo.mitos.ar' },
  { username: 'tomi_romero', email: 'tomas.romero@demo.mitos.ar' },
  { username: 'martu_diaz', email: 'martina.diaz@demo.mitos.ar' },
  { username: 'facu_alvarez', email: 'facundo.alvarez@demo.mitos.ar' },
] as const;

/** For larger seeds: first names and surnames combined, numbered when they repeat. */
export const FIRST_NAMES = [
  'agus',
  'benja',
  'caro',
  'delfi',
  'emi',
  'flor',
  'gonza',
  'juli',
  'lauti',
  'meli',
  'nacho',
  'pau',
  'rami',
  'rocio',
  'seba',
  'tati',
  'uli',
  'vicky',
  'nico',
  'bruno',
] as const;
export const SURNAMES = [
  'acosta',
  'benitez',
  'castro',
  'dominguez',
  'flores',
  'gutierrez',
  'herrera',
  'ibarra',
  'juarez',
  'medina',
  'navarro',
  'ojeda',
  'ponce',
  'quiroga',
  'rios',
  'suarez',
  'torres',
  'vazquez',
] as const;

export const DECK_NAMES: Record<Race, readonly string[]> = {
  Olimpico: ['Panteón Olímpico', 'Rayo de Zeus', 'Furia del Olimpo'],
  Heroe: ['Héroes de Hélade', 'Trabajos de Hércules', 'Gesta Heroica'],
  Dragon: ['Aliento de Fuego', 'Furia Dracónica', 'Nido de Dragones'],
  Caballero: ['Mesa Redonda', 'Caballeros de Camelot', 'Orden del Grial'],
  Desafiante: ['Reto Constante', 'Duelo al Amanecer', 'Sin Retroceso'],
  Defensor: ['Muralla Inquebrantable', 'Escudo de Bronce', 'Bastión'],
  Faraon: ['Dinastía del Nilo', 'Ira de Ra', 'Tumbas Reales'],
  Sacerdote: ['Culto del Sol', 'Oráculo de Delfos', 'Ritual Sagrado'],
  Faerie: ['Bosque Encantado', 'Corte de Hadas', 'Polvo de Estrellas'],
  Sombra: ['Sombras de la Noche', 'Eclipse', 'Velo Oscuro'],
  Titan: ['Furia Titánica', 'Hijos de Gea', 'Cronos Desatado'],
  Eterno: ['Llama Eterna', 'Ciclo Infinito', 'Memoria de los Dioses'],
};
