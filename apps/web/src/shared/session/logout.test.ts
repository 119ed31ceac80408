import { describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { useSession } from './session';
import { logoutLocally, onLogout } from './logout';

describe('logging out on the client', () => {
  it('forgets the user and clears local storage but keeps the device id and display preferences', () => {
    useSession.getState().signIn('tok', { id: 7 });
    localStorage.setItem('device_id', 'web-abc');
    localStorage.setItem('lang', 'cn');
    localStorage.setItem('theme', 'light');
    localStorage.setItem('taskData', '{}');
    const queryClient = new QueryClient();
    queryClient.setQueryData(['me', 'wallet'], 100);
    queryClient.setQueryData(['banners'], []);
    const goHome = vi.fn();

    logoutLocally({ loginRequired: true, queryClient, goHome });

    expect(useSession.getState()).toMatchObject({ token: null, user: null, loginRequired: true });
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('taskData')).toBeNull();
    expect(localStorage.getItem('device_id')).toBe('web-abc');
    expect(localStorage.getItem('lang')).toBe('cn');
    expect(localStorage.getItem('theme')).toBe('light');
    expect(queryClient.getQueryData(['me', 'wallet'])).toBeUndefined();
    expect(queryClient.getQueryData(['banners'])).toEqual([]);
    expect(goHome).toHaveBeenCalledOnce();
  });

  it('starts the logout listeners while local storage still holds what they need (a wallet session)', () => {
    localStorage.setItem('ton-connect-storage_bridge-connection', '{"type":"http"}');
    const seen: (string | null)[] = [];
    const stop = onLogout(() => {
      seen.push(localStorage.getItem('ton-connect-storage_bridge-connection'));
    });
    logoutLocally({ queryClient: new QueryClient(), goHome: vi.fn() });
    stop();
    expect(seen).toEqual(['{"type":"http"}']);
    expect(localStorage.getItem('ton-connect-storage_bridge-connection')).toBeNull();
  });
});
