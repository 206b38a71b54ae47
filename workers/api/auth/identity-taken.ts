import { ApiError } from "../errors";

/** A sign-up or an account change asks for a username or email another account already has. */
export const usernameTaken = () => new ApiError(409, "username_taken", "This username is already taken");
export const emailInUse = () => new ApiError(409, "email_exists", "This email is already in use");
