import { describe, expect, it } from 'vitest';
import { matchRoutes, type RouteObject } from 'react-router';
import {
  categoryPath,
  creatorPath,
  fansPath,
  followingPath,
  invitePath,
  paths,
  profileEditPath,
  searchPath,
  servicePath,
  videoPath,
} from '../shared/routing/paths';
import { routes } from './routes';

/** Every path the router registers, children joined to their parents' (relative or absolute). */
function registered(list: RouteObject[], parent = ''): string[] {
  return list.flatMap((route) => {
    if (route.path === undefined) return registered(route.children ?? [], parent);
    const own = route.path.startsWith('/') || !parent ? route.path : `${parent}/${route.path}`;
    return [own, ...registered(route.children ?? [], own)];
  });
}

/** The table path of the page a URL opens. */
function pageOf(url: string): string | undefined {
  return matchRoutes(routes, url)?.at(-1)?.route.path;
}

describe('the route table', () => {
  it('is what the router registers: every path once, none beside it but / and the catch-all', () => {
    // A path ending in `/*` is a page that routes the paths under it itself (the operator console).
    const router = registered(routes)
      .filter((path) => path !== '/' && path !== '*')
      .map((path) => path.replace(/\/\*$/, ''));
    expect([...router].sort()).toEqual(Object.values(paths).sort());
  });

  it('builds links that open their pages, with the query the pages read', () => {
    expect(pageOf(videoPath(42))).toBe(paths.videoDetail);
    expect(videoPath(42)).toBe('/videoDetail?id=42');
    expect(pageOf(creatorPath(7))).toBe(paths.profile);
    expect(creatorPath(7)).toBe('/Profile?id=7');
    expect(fansPath(7)).toBe('/Fans?id=7');
    expect(pageOf(fansPath(7))).toBe(paths.fans);
    expect(followingPath(7)).toBe('/Attention?id=7');
    expect(followingPath(7, true)).toBe('/Attention?id=7&you=true');
    expect(pageOf(followingPath(7, true))).toBe(paths.subscriptions);
    expect(categoryPath(3)).toBe('/V2/videos?category=3');
    expect(pageOf(categoryPath(3))).toBe(paths.videos);
    expect(searchPath('旅行 & food')).toBe(`/Discover?keyword=${encodeURIComponent('旅行 & food')}`);
    expect(new URLSearchParams(searchPath('a&b=c').split('?')[1]).get('keyword')).toBe('a&b=c');
    expect(pageOf(searchPath('x'))).toBe(paths.discover);
    expect(servicePath(0)).toBe('/Service?active=0');
    expect(pageOf(servicePath(1))).toBe(paths.service);
    expect(invitePath('ABCD')).toBe('/Home?invite_code=ABCD');
    expect(pageOf(invitePath('ABCD'))).toBe(paths.home);
    expect(profileEditPath('bind')).toBe('/profile-edit#bind');
    expect(pageOf(profileEditPath('email'))).toBe(paths.profileEdit);
  });

  it('sends an unknown path to the catch-all, whatever the case of a known one', () => {
    expect(pageOf('/no-such-page')).toBe('*');
    expect(pageOf('/v2/VIDEOS')).toBe(paths.videos);
  });
});
