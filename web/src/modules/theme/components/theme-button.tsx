import { Monitor, Moon, Sun } from 'lucide-react';
import { deferredMenu } from '../../../ui/deferred-menu';
import { useTheme } from '../hooks/theme-context';

const ThemeMenu = deferredMenu(() => import('./theme-menu'));

export function ThemeButton() {
  const { theme, resolvedTheme } = useTheme();
  const Icon = theme === 'system' ? Monitor : resolvedTheme === 'dark' ? Moon : Sun;
  return (
    <ThemeMenu label={`Theme: ${theme === 'system' ? 'System' : theme === 'dark' ? 'Dark' : 'Light'}`}>
      <Icon size={18} aria-hidden />
    </ThemeMenu>
  );
}
