/**
 * The red alert above a form for an error that belongs to no field (a refused action, a
 * server message). The auth and profile forms all show it the same way, so it lives here.
 */
import { Alert } from '@mantine/core';

export function FormErrorAlert({ error }: { error: string | null }) {
  return error ? (
    <Alert color="red" mb="md" role="alert">
      {error}
    </Alert>
  ) : null;
}
