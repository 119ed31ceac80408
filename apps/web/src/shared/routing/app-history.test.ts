import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAppHistory } from './app-history';

afterEach(() => window.history.replaceState(null, '', '/'));

describe('the app history', () => {
  it('tells every subscriber of each change, as the router and the Mini App both listen', () => {
    const history = createAppHistory();
    const router = vi.fn();
    const miniApp = vi.fn();
    history.listen(router);
    const stopMiniApp = history.listen(miniApp);

    history.push('/Earn');
    expect(history.location.pathname).toBe('/Earn');
    expect(window.location.pathname).toBe('/Earn');
    expect(router).toHaveBeenCalledWith(expect.objectContaining({ action: 'PUSH' }));
    expect(miniApp).toHaveBeenCalledTimes(1);

    stopMiniApp();
    history.replace('/Home');
    expect(history.action).toBe('REPLACE');
    expect(router).toHaveBeenCalledTimes(2);
    expect(miniApp).toHaveBeenCalledTimes(1);
  });

  it("keeps React Router's entry index in the state, which the back button reads", () => {
    const history = createAppHistory();
    history.listen(() => {});
    history.push('/Earn');
    history.push('/Mine');
    expect((window.history.state as { idx: number }).idx).toBe(2);
  });

  it('listens to the browser again after every subscriber left', () => {
    const history = createAppHistory();
    history.listen(() => {})();
    const again = vi.fn();
    history.listen(again);
    history.push('/Earn');
    expect(again).toHaveBeenCalledTimes(1);
  });
});
