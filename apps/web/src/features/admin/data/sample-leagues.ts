import type { League } from '../leagues';

export const SAMPLE_LEAGUES: League[] = [
  {
    id: 1,
    name: 'Liga Palermo Apertura 2026',
    store: 'Dragón Dorado Games',
    startDate: '2026-03-07',
    status: 'finished',
    participants: 16,
  },
  {
    id: 2,
    name: 'Liga de Primavera Caballito',
    store: 'La Cripta del Mito',
    startDate: '2026-09-19',
    status: 'active',
    participants: 12,
  },
  {
    id: 3,
    name: 'Liga Belgrano Clausura',
    store: 'Torre de Cartas',
    startDate: '2026-10-03',
    status: 'active',
    participants: 10,
  },
  {
    id: 4,
    name: 'Liga de Verano San Telmo',
    store: 'El Bastión TCG',
    startDate: '2027-01-09',
    status: 'upcoming',
    participants: 0,
  },
];
