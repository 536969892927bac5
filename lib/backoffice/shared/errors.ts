// Errors whose message is written for the member of staff who caused them: refusals and broken
// rules in the back-office's own domain. Anything else is a bug and is not shown.
export class StaffFacingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StaffFacingError';
  }
}

export class PermissionDeniedError extends StaffFacingError {
  constructor(message = 'Your role does not allow this.') {
    super(message);
    this.name = 'PermissionDeniedError';
  }
}
