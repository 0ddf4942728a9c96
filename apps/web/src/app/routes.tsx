import { lazy } from 'react';
import { Route, Switch } from 'wouter';
import { NotFoundPage } from '../components/layout/not-found-page.tsx';
import { screenModules } from './screen-modules.ts';

// A screen's code arrives when it is first opened (or at once, for the screen a returning student lands on).
const screens = Object.entries(screenModules).map(([path, load]) => [path, lazy(load)] as const);

export function SignedInRoutes() {
  return (
    <Switch>
      {screens.map(([path, Screen]) => (
        <Route key={path} path={path} component={Screen} />
      ))}
      <Route component={NotFoundPage} />
    </Switch>
  );
}
