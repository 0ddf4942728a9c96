import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { mockApi } from '../../../test/mock-api.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { HomeTile } from './home-tile.tsx';

describe('Home', () => {
  it('greets the student by name and offers the six tiles of the spec, each to its screen', async () => {
    mockApi({});
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Welcome, Arjun Sharma' })).toBeInTheDocument();
    const tiles = within(screen.getByRole('list', { name: 'Shortcuts' })).getAllByRole('link');
    expect(tiles.map((tile) => [tile.querySelector('.font-semibold')?.textContent, tile.getAttribute('href')])).toEqual(
      [
        ['Live Class', '/live-class'],
        ['My Subjects', '/subjects'],
        ['Study Materials', '/study-materials-subjects'],
        ['Quiz', '/quiz/subjects'],
        ['Watch History', '/history'],
        ['My Profile', '/profile'],
      ],
    );
    expect(screen.queryByText('Live now')).not.toBeInTheDocument();
  });

  it('opens a screen when a tile is chosen', async () => {
    mockApi({});
    const { user } = renderApp('/');
    await user.click(await screen.findByRole('link', { name: /My Profile/ }));
    expect(window.location.pathname).toBe('/profile');
  });
});

describe('a Home tile', () => {
  const renderTile = (title: string) =>
    render(
      <Router hook={memoryLocation().hook}>
        <HomeTile tile={{ title, href: '/live-class', icon: 'live' }} />
      </Router>,
    );

  it('shows the live green indicator when its title carries the marker "streaming"', () => {
    renderTile('Physics streaming now');
    expect(screen.getByRole('link', { name: /Physics streaming now/ })).toHaveTextContent('Live now');
    expect(screen.getByTitle('Live now')).toBeInTheDocument();
  });

  it('finds the marker whatever its case', () => {
    renderTile('Streaming: Chemistry');
    expect(screen.getByTitle('Live now')).toBeInTheDocument();
  });

  it('shows no indicator without the marker', () => {
    renderTile('Live Class');
    expect(screen.queryByTitle('Live now')).not.toBeInTheDocument();
  });
});
