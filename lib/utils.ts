// Class-name helper shared by the UI kit: clsx for conditional classes, tailwind-merge so a
// caller's className overrides a component's defaults instead of fighting them.
import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}
