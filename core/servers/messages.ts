// The server form's messages: stable English texts the UI translates.

export const SERVER_MESSAGES = {
  required: "is required",
  plan: "must be one of the plans",
  cycle: "must be monthly, quarterly, annually or biennially",
  os: "must be one of the operating systems for this plan",
  datacenter: "must be one of the datacenters for this plan",
  hostname:
    "must be a valid hostname (letters, digits and hyphens; labels of 1 to 63 characters, not starting or ending with a hyphen; at most 253 characters)",
  sshKey: "must be an OpenSSH public key (ssh-ed25519, ssh-rsa of at least 2048 bits, or ecdsa-sha2-nistp256/384/521)",
  sshKeyRsaShort: "is an RSA key shorter than 2048 bits",
  password: "is required",
} as const;
