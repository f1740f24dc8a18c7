"""The learned bot: a network (`network.Network`, numpy alone) that scores every offered move."""
