'use client';
// ThemeToggle: one icon button that moves through Light, Dark and System, its name saying the
// theme now and the next one. A plain button rather than a menu: it sits on every page, and a
// popup menu would load a positioning library into every page's first JavaScript. Until mounted
// it shows a neutral icon, because the server cannot know the stored theme (no hydration
// mismatch).
import { Monitor, Moon, Sun, SunMoon } from 'lucide-react';
import { useTheme } from 'next-themes';
import { cn } from '@/lib/utils';
import { Button } from './ui/button';
import { useMounted } from './ui/use-mounted';

const OPTIONS = [
  { value: 'light', label: 'Light', icon: Sun },
  { value: 'dark', label: 'Dark', icon: Moon },
  { value: 'system', label: 'System', icon: Monitor },
] as const;

export function ThemeToggle({ className }: { className?: string }) {
  const { theme, setTheme } = useTheme();
  const mounted = useMounted();
  const index = mounted
    ? Math.max(
        0,
        OPTIONS.findIndex((option) => option.value === (theme ?? 'system')),
      )
    : -1;
  const active = index >= 0 ? OPTIONS[index] : undefined;
  const next = OPTIONS[(index + 1) % OPTIONS.length]!;
  const Icon = active?.icon ?? SunMoon;

  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label={active ? `Theme: ${active.label}. Switch to ${next.label}` : 'Theme'}
      title={active ? `Theme: ${active.label}` : 'Theme'}
      className={cn('text-muted-foreground', className)}
      onClick={() => setTheme(next.value)}
    >
      <Icon aria-hidden="true" />
    </Button>
  );
}
