import type { ComponentType } from 'react';
import { Chip, type ChipProps } from '@mui/material';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import OlimpicoIcon from '@mui/icons-material/AccountBalance';
import HeroeIcon from '@mui/icons-material/MilitaryTech';
import DragonIcon from '@mui/icons-material/LocalFireDepartment';
import CaballeroIcon from '@mui/icons-material/Shield';
import DesafianteIcon from '@mui/icons-material/SportsMma';
import DefensorIcon from '@mui/icons-material/Castle';
import FaraonIcon from '@mui/icons-material/ChangeHistory';
import SacerdoteIcon from '@mui/icons-material/Church';
import FaerieIcon from '@mui/icons-material/AutoAwesome';
import SombraIcon from '@mui/icons-material/DarkMode';
import TitanIcon from '@mui/icons-material/Landscape';
import EternoIcon from '@mui/icons-material/AllInclusive';
import type { Race } from '@mitos/domain/constants';
import * as MSG from '@mitos/domain/message-texts';

interface RaceLook {
  Icon: ComponentType<SvgIconProps>;
  color: string;
}

const RACE_LOOK: Record<Race, RaceLook> = {
  Olimpico: { Icon: OlimpicoIcon, color: '#f5c542' },
  Heroe: { Icon: HeroeIcon, color: '#ff9b3d' },
  Dragon: { Icon: DragonIcon, color: '#ff5a5f' },
  Caballero: { Icon: CaballeroIcon, color: '#9fb3c8' },
  Desafiante: { Icon: DesafianteIcon, color: '#ff6f91' },
  Defensor: { Icon: DefensorIcon, color: '#4f8cff' },
  Faraon: { Icon: FaraonIcon, color: '#e0b060' },
  Sacerdote: { Icon: SacerdoteIcon, color: '#e8edf7' },
  Faerie: { Icon: FaerieIcon, color: '#b57cff' },
  Sombra: { Icon: SombraIcon, color: '#8e8ab8' },
  Titan: { Icon: TitanIcon, color: '#8bc34a' },
  Eterno: { Icon: EternoIcon, color: '#3fc1c9' },
};

function lookOf(raza: string): RaceLook | undefined {
  return Object.hasOwn(RACE_LOOK, raza) ? RACE_LOOK[raza as Race] : undefined;
}

/** The race's own colour (charts paint its share with it); undefined for a race outside the list. */
export function raceColor(raza: string): string | undefined {
  return lookOf(raza)?.color;
}

/** Just the race's icon in its colour, for places like a race picker; nothing for an unknown race. */
export function RaceIcon({
  raza,
  fontSize = 'small',
}: {
  raza: string;
  fontSize?: SvgIconProps['fontSize'];
}) {
  const look = lookOf(raza);
  if (!look) return null;
  const { Icon, color } = look;
  return <Icon aria-hidden fontSize={fontSize} style={{ color }} />;
}

export interface RaceChipProps {
  raza: string | null | undefined;
  size?: ChipProps['size'];
}

/**
 * A deck's race with its own icon. A race outside the list (SPEC §3) gets a plain chip with
 * its text, or Desconocida when there is none.
 */
export function RaceChip({ raza, size = 'small' }: RaceChipProps) {
  const text = raza?.trim() ?? '';
  const look = lookOf(text);
  const label = text || MSG.unknownRace;
  if (!look) return <Chip label={label} size={size} variant="outlined" />;
  const { Icon, color } = look;
  return (
    <Chip
      icon={<Icon aria-hidden data-testid={`race-icon-${text}`} style={{ color }} />}
      label={label}
      size={size}
      variant="outlined"
      // The race's colour on the element itself: every race chip then shares the one class of an
      // outlined chip, where an `sx` colour made each race a class of its own, with all of the
      // chip's 18 rules inserted again (docs/benchmarks.md, session 30).
      style={{ borderColor: `${color}80` }}
    />
  );
}
