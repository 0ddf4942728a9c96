import { Route, Switch } from 'wouter';
import { NotFoundPage } from '../components/layout/not-found-page.tsx';
import { preloadableLazy } from '../lib/preloadable-lazy.tsx';
import { numericParam } from '../lib/route-params.ts';
import { screenLoaders } from './screen-loaders.ts';

// A screen's code arrives when it is first opened (or at once, for the screen a returning student lands on).
const screens = Object.entries(screenLoaders).map(([path, load]) => ({
  path,
  ids: [...path.matchAll(/:(\w+)/g)].map(([, name = '']) => name),
  pattern: new RegExp(`^${path.replace(/:\w+/g, '[1-9]\\d*')}/?$`),
  Screen: preloadableLazy(load),
}));

/** Every parameter of a route is an id: /chapters/abc is a page that does not exist, not a refused call. */
const idsAreValid = (ids: string[], params: Record<string, string | undefined>) =>
  ids.every((name) => numericParam(params[name]) > 0);

/** Loads the code of the screen at `pathname`, if there is one, so that it first renders without waiting. */
export const preloadScreen = async (pathname: string) => {
  await screens.find(({ pattern }) => pattern.test(pathname))?.Screen.preload();
};

export function SignedInRoutes() {
  return (
    <Switch>
      {screens.map(({ path, ids, Screen }) => (
        <Route key={path} path={path}>
          {(params) => (idsAreValid(ids, params) ? <Screen /> : <NotFoundPage />)}
        </Route>
      ))}
      <Route component={NotFoundPage} />
    </Switch>
  );
}
