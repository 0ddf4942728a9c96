/** How the student asked for the menu before its code had arrived: it opens the same way once it has. */
export type MenuOpening = 'pointer' | 'keyboard' | null;

export interface UserMenuProps {
  opening?: MenuOpening;
  /** The placeholder had the keyboard focus: the real button takes it over. */
  takeFocus?: boolean;
}
