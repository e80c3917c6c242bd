import { lazy } from 'react';

/**
 * The charts, loaded on demand: @mui/x-charts is heavy, so the screens paint their numbers and
 * tables first and the drawings follow (ChartFigure shows a skeleton meanwhile).
 */
const charts = () => import('./charts');

export const FormChart = lazy(() => charts().then((m) => ({ default: m.FormChart })));
export const RecordBarsChart = lazy(() => charts().then((m) => ({ default: m.RecordBarsChart })));
export const SharePieChart = lazy(() => charts().then((m) => ({ default: m.SharePieChart })));
export const PercentBarsChart = lazy(() => charts().then((m) => ({ default: m.PercentBarsChart })));
