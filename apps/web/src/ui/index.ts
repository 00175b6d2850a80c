/**
 * The UI kit every screen builds from (ADR 0024); its gallery is
 * screens/playground/ui-kit-gallery.tsx. The dialog is not here: import it from ./dialog.tsx, so
 * Radix's dialog loads with the screens that open one, not with every screen that imports the kit.
 */
export { Alert, type AlertProps, alertClasses } from "./alert.tsx";
export { Badge, type BadgeProps, badgeClasses } from "./badge.tsx";
export { Button, type ButtonProps, type ButtonVariants, buttonClasses } from "./button.tsx";
export { Card, type CardProps, cardClasses } from "./card.tsx";
export {
  Field,
  type FieldControl,
  fieldControl,
  Input,
  type InputProps,
  inputClasses,
} from "./field.tsx";
export { Spinner } from "./spinner.tsx";
export { textLinkClasses } from "./text-link.ts";
export { Tile, type TileProps, tileClasses } from "./tile.tsx";
