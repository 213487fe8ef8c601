/**
 * The top of the workbench, kept for the lead-intelligence work: its daily brief and hot leads render here.
 * Renders nothing until then.
 */
export function WorkbenchTopSlot(): null {
  return null;
}
