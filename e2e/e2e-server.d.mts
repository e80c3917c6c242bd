import type { ChildProcess } from 'node:child_process';

export function freePort(): Promise<number>;
export function startE2eServer(port: number, env?: Record<string, string>): ChildProcess;
