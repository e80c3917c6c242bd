import { styled } from '@mui/material/styles';
import { MaterialDesignContent } from 'notistack';

/**
 * notistack's default greens and reds are too light for white text (WCAG AA needs 4.5:1);
 * these darker shades keep toasts readable.
 */
const ReadableContent = styled(MaterialDesignContent)({
  '&.notistack-MuiContent-success': { backgroundColor: '#1e6b34', color: '#ffffff' },
  '&.notistack-MuiContent-error': { backgroundColor: '#b3261e', color: '#ffffff' },
  '&.notistack-MuiContent-warning': { backgroundColor: '#8a4b00', color: '#ffffff' },
  '&.notistack-MuiContent-info': { backgroundColor: '#1d4f91', color: '#ffffff' },
  '&.notistack-MuiContent-default': { backgroundColor: '#2a3550', color: '#ffffff' },
});

export const snackbarComponents = {
  success: ReadableContent,
  error: ReadableContent,
  warning: ReadableContent,
  info: ReadableContent,
  default: ReadableContent,
};
