import type { ReactNode } from 'react';
import { Table, TableBody, TableCell, TableHead, TableRow, type SxProps, type Theme } from '@mui/material';

export interface DataColumn<T> {
  header: string;
  cell: (row: T) => ReactNode;
  /** Right-aligned, for numbers. */
  numeric?: boolean;
  /** Extra style of the column's cells (a heat colour…). */
  sx?: (row: T) => SxProps<Theme>;
}

export interface DataTableProps<T> {
  /** The table's accessible name. */
  label: string;
  /** The first column names the row (a row header for screen readers). */
  columns: readonly DataColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T, index: number) => string | number;
}

/** A small table of statistics: a header row, then one row per item, its first cell the row's name. */
export function DataTable<T>({ label, columns, rows, rowKey }: DataTableProps<T>) {
  return (
    // Tighter cells on a phone, so that the percentage column fits beside the others at 360 px.
    <Table size="small" aria-label={label} sx={{ '& .MuiTableCell-root': { px: { xs: 1, sm: 2 } } }}>
      <TableHead>
        <TableRow>
          {columns.map((c) => (
            <TableCell key={c.header} align={c.numeric ? 'right' : 'left'} sx={{ whiteSpace: 'nowrap' }}>
              {c.header}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row, index) => (
          <TableRow key={rowKey(row, index)}>
            {columns.map((c, i) => (
              <TableCell
                key={c.header}
                component={i === 0 ? 'th' : 'td'}
                scope={i === 0 ? 'row' : undefined}
                align={c.numeric ? 'right' : 'left'}
                sx={c.sx?.(row)}
              >
                {c.cell(row)}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
