import { Route, Switch } from 'wouter';
import { NotFoundPage } from '../components/layout/not-found-page.tsx';
import { preloadableLazy } from '../lib/preloadable-lazy.tsx';
import { screenModules } from './screen-modules.ts';

// A screen's code arrives when it is first opened (or at once, for the screen a returning student lands on).
const screens = Object.entries(screenModules).map(([path, load]) => ({
  path,
  pattern: new RegExp(`^${path.replace(/:\w+/g, '[^/]+')}/?$`),
  Screen: preloadableLazy(load),
}));

/** Loads the code of the screen at `pathname`, if there is one, so that it first renders without waiting. */
export const preloadScreen = async (pathname: string) => {
  await screens.find(({ pattern }) => pattern.test(pathname))?.Screen.preload();
};

export function SignedInRoutes() {
  return (
    <Switch>
      {screens.map(({ path, Screen }) => (
        <Route key={path} path={path} component={Screen} />
      ))}
      <Route component={NotFoundPage} />
    </Switch>
  );
}
