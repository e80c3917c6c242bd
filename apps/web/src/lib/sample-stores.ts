import dragonDoradoLogo from '../assets/stores/dragon-dorado.svg';
import criptaDelMitoLogo from '../assets/stores/cripta-del-mito.svg';
import torreDeCartasLogo from '../assets/stores/torre-de-cartas.svg';
import bastionTcgLogo from '../assets/stores/bastion-tcg.svg';

export interface Store {
  id: number;
  name: string;
  /** Bundled with the app: no outside URLs. */
  logo: string;
  location: { neighborhood: string; city: string };
}

/** SPEC §9: four game stores in Buenos Aires neighbourhoods. */
export const STORES: Store[] = [
  {
    id: 1,
    name: 'Dragón Dorado Games',
    logo: dragonDoradoLogo,
    location: { neighborhood: 'Palermo', city: 'Buenos Aires' },
  },
  {
    id: 2,
    name: 'La Cripta del Mito',
    logo: criptaDelMitoLogo,
    location: { neighborhood: 'Caballito', city: 'Buenos Aires' },
  },
  {
    id: 3,
    name: 'Torre de Cartas',
    logo: torreDeCartasLogo,
    location: { neighborhood: 'Belgrano', city: 'Buenos Aires' },
  },
  {
    id: 4,
    name: 'El Bastión TCG',
    logo: bastionTcgLogo,
    location: { neighborhood: 'San Telmo', city: 'Buenos Aires' },
  },
];

export function findStore(id: string | number | undefined): Store | null {
  return STORES.find((s) => String(s.id) === String(id)) ?? null;
}

export function storeLocation(store: Store): string {
  return `${store.location.neighborhood}, ${store.location.city}`;
}
